import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapter-react',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times;
    // a busy machine may take long to get there.
    testTimeout: 30_000,
    // testing-library's waitFor ceiling (default 1 s), raised the same way.
    setupFiles: ['test/helpers/setup.ts'],
  },
});
