import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
    // Browser launches and app builds are slow on shared 2-core machines.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One Chromium at a time; servers bind their own ports but CPU is scarce.
    fileParallelism: false,
  },
});
