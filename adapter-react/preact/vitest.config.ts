import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The adapter's tests, unchanged, on Preact through preact/compat: every import of
// react and react-dom (the adapter's, the tests', testing-library's) resolves to
// preact/compat, as a Preact app's bundler aliases them.
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(`${here}/package.json`);
const preact = dirname(require.resolve('preact/package.json'));
const compat = (path: string) => `${preact}/compat/${path}`;

/** What a Preact app aliases (the README's table): React's entries onto compat's. */
const ALIASES: Record<string, string> = {
  'react-dom/test-utils': `${preact}/test-utils/dist/testUtils.mjs`,
  'react-dom/client': compat('client.mjs'),
  'react-dom/server.browser': compat('server.browser.mjs'),
  'react-dom/server.node': compat('server.mjs'),
  'react-dom/server': compat('server.mjs'),
  'react/jsx-runtime': compat('jsx-runtime.mjs'),
  'react/jsx-dev-runtime': compat('jsx-dev-runtime.mjs'),
  'react-dom': compat('dist/compat.mjs'),
  react: compat('dist/compat.mjs'),
};

/**
 * The adapter's own test files that run on Preact through compat unchanged, every test in
 * them (measured with Preact 11.2). The other files each hold a test of what compat does
 * not do as React does; adapter-react/PREACT.md lists those behaviours and why:
 * React-only APIs (<Activity>, <Profiler>, StrictMode's double render, testing-library's
 * fireEvent.change on compat's onChange), server rendering (use(context) throws in
 * preact-render-to-string), transitions (compat's useTransition renders at once), a
 * refetch after invalidateAll that lands after act() returns, and a sibling of a
 * suspending read that misses store updates (preact/boundary.test.tsx shows the layout
 * that works).
 */
export const SHARED_FILES = [
  'compat',
  'conformance',
  'dataClientTestExports',
  'hooks',
  'live',
  'liveStatus',
  'logoutGate',
  'optimisticAct',
  'suspense',
  'types',
];

export default defineProject({
  root: dirname(here),
  resolve: {
    alias: [
      ...Object.entries(ALIASES).map(([name, path]) => ({ find: new RegExp(`^${name}$`), replacement: path })),
      // its ESM build, compiled here so the aliases reach its imports of react-dom
      { find: /^@testing-library\/react$/, replacement: `${dirname(require.resolve('@testing-library/react/package.json'))}/dist/@testing-library/react.esm.js` },
      { find: /^@testing-library\/dom$/, replacement: dirname(require.resolve('@testing-library/dom/package.json')) },
    ],
  },
  test: {
    name: 'adapter-react (Preact compat)',
    // as a project of the root config too, where root alone would not move the test search
    dir: dirname(here),
    environment: 'happy-dom',
    include: [...SHARED_FILES.map((name) => `test/${name}.test.{ts,tsx}`), 'preact/*.test.tsx'],
    server: { deps: { inline: [/@testing-library\/react/] } },
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times.
    testTimeout: 120_000,
    setupFiles: [`${dirname(here)}/test/helpers/setup.ts`],
  },
});
