import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'nuxt',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
