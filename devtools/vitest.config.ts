import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'devtools',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
  },
});
