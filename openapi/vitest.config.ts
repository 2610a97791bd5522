import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'openapi',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Type-checking generated code with the TypeScript API takes seconds on a shared machine.
    testTimeout: 120_000,
  },
});
