import solid from 'vite-plugin-solid';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Compiles the tests' JSX; in a test run it also resolves solid-js to its browser build.
  plugins: [solid()],
  resolve: { conditions: ['development', 'browser'] },
  test: {
    name: 'adapter-solid',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    // Server rendering runs in vitest.server.config.ts (Solid's server build, JSX compiled for the server).
    exclude: ['test/**/*.server.test.tsx'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT), not for fixed times.
    testTimeout: 120_000,
  },
});
