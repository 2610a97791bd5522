import { defineProject } from 'vitest/config';

// Only the size budget runs as a test: sizes are deterministic, timings are not
// (the benchmarks run with `pnpm bench` and never fail CI).
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Bundling and gzip are CPU-bound: minutes on a machine busy with other jobs.
    testTimeout: 300_000,
  },
});
