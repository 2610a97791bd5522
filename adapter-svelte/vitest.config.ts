import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte()],
  // Svelte's package exports a server build by default; components under test need the client one.
  resolve: { conditions: ['browser'] },
  test: {
    name: 'adapter-svelte',
    environment: 'happy-dom',
    // The test server runs on its own port; the page is not served from it.
    environmentOptions: { happyDOM: { settings: { fetch: { disableSameOriginPolicy: true } } } },
    include: ['test/**/*.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
    // Server rendering runs in its own project (vitest.server.config.ts).
    exclude: ['test/**/*.server.test.ts'],
  },
});
