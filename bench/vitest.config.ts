import { defineProject } from 'vitest/config';

// Only the size budget runs as a test: sizes are deterministic, timings are not
// (the benchmarks run with `pnpm bench` and never fail CI).
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
