import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapter-react',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
