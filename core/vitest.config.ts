import { defineProject } from 'vitest/config';
import { pathToRegexpAsEsm } from './tsdown.config';

export default defineProject({
  // The tests run path-to-regexp's parse as the builds ship it (trimmed: tsdown.config.ts),
  // so it goes through Vite's transforms (inlined) instead of Node's require.
  plugins: [pathToRegexpAsEsm],
  test: {
    name: 'core',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    server: { deps: { inline: ['path-to-regexp'] } },
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
  },
});
