import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
  },
});
