import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // The full build compiles template strings at runtime, so test components need no SFC compiler.
    // Exactly `vue`: `vue/server-renderer` (server rendering tests) resolves as usual.
    alias: [{ find: /^vue$/, replacement: fileURLToPath(new URL('./node_modules/vue/dist/vue.esm-bundler.js', import.meta.url)) }],
  },
  define: { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
  test: {
    name: 'adapter-vue',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
  },
});
