import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'devtools',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times;
    // a busy machine may take long to get there.
    testTimeout: 30_000,
  },
});
