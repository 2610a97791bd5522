import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

// Server rendering: components compiled for the server and Svelte's server build
// (no `browser` condition), in node, as `render` from svelte/server runs them.
export default defineProject({
  plugins: [svelte()],
  test: {
    name: 'adapter-svelte (server)',
    environment: 'node',
    include: ['test/**/*.server.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
  },
});
