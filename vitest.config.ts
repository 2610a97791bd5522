import { defineConfig } from 'vitest/config';

// Each package keeps its own vitest config; the root only lists them so one
// `vitest run` covers the whole workspace.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'adapter-react/react18/vitest.config.ts', 'adapter-react/preact/vitest.config.ts', 'adapter-svelte/vitest.server.config.ts', 'adapter-solid/vitest.server.config.ts'],
  },
});
