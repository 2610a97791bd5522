import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapter-lit',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT), not for fixed times.
    testTimeout: 120_000,
  },
});
