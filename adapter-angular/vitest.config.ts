import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapter-angular',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    // Angular's JIT compiler and the TestBed platform, once per test file.
    setupFiles: ['test/setup.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times.
    testTimeout: 120_000,
  },
});
