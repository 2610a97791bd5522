import solid from 'vite-plugin-solid';
import { defineProject } from 'vitest/config';

// Server rendering: JSX compiled for the server and Solid's server build (no
// `browser` condition), in node, as renderToStringAsync runs them.
export default defineProject({
  plugins: [solid({ ssr: true })],
  test: {
    name: 'adapter-solid (server)',
    environment: 'node',
    include: ['test/**/*.server.test.tsx'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT), not for fixed times.
    testTimeout: 120_000,
  },
});
