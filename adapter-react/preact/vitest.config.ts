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
 * The adapter's own tests that fail on Preact through compat (measured with Preact 11.2),
 * by name, with what differs. The README's Preact section lists them; everything else in
 * test/ runs here unchanged. React-only APIs first, then real differences.
 */
export const KNOWN_DIFFERENCES: Record<string, string> = {
  // React-only APIs or test tools compat does not carry
  'a provider that made its own client still reads after being hidden': "React 19's <Activity>",
  '10,000 mount/unmount cycles leave no subscriptions': "the test counts renders with React's <Profiler>",
  're-renders no read that already shows its data \\(StrictMode\\)': 'StrictMode is a Fragment in Preact (no double render), so the counts differ by one',
  'shows pending, then the result, stored': "fireEvent.change: compat listens to 'input' for onChange",
  "shows a 422's status, without an unhandled rejection": "fireEvent.change: compat listens to 'input' for onChange",
  'after unmount the call still finishes and is stored': "fireEvent.change: compat listens to 'input' for onChange",
  // server rendering: preact-render-to-string has no use(), and streams differently
  'streams the data into the HTML, then DataProvider hydrates': 'use(context) throws in preact-render-to-string',
  'renderToReadableStream \\(web streams': 'use(context) throws in preact-render-to-string',
  '1,000 server renders leave no timer and no listener': 'use(context) throws in preact-render-to-string',
  'two suspended reads of one key, retried by React': 'use(context) throws in preact-render-to-string',
  'prefetch \\+ RestoProvider': 'the server render asks again (React retries differently)',
  // transitions: compat's useTransition renders at once (no kept-old-UI state)
  'in transitions \\(A stays on screen\\)': 'useTransition is synchronous in compat',
  'switched to B in a transition keeps its request': 'useTransition is synchronous in compat',
  // after invalidateAll inside act(), Preact has not re-rendered the read yet: the test finds
  // the old heading and counts before the refetch (which follows, and would land in the next test)
  'a new header value gives new endpoints that send it': 'the refetch with the new header comes after the count',
  'a getHeaders override on the base class reads this.accessToken': 'the refetch with the new header comes after the count',
  // A component rendered inside a Suspense boundary while a sibling read suspends loses its
  // store subscription (compat cleans up the suspended subtree's effects and does not subscribe
  // again on resume): the button's useLoading never shows 'saving'. preact/boundary.test.tsx
  // runs the same scenario with the button outside the boundary, as PREACT.md advises.
  'an optimistic update renders before the response and rolls back on error': 'a sibling of a suspending read misses store updates',
};

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
    include: ['test/**/*.test.{ts,tsx}', 'preact/*.test.tsx'],
    // every test whose name matches none of the known differences
    testNamePattern: new RegExp(`^(?!.*(${Object.keys(KNOWN_DIFFERENCES).join('|')}))`),
    server: { deps: { inline: [/@testing-library\/react/] } },
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times.
    testTimeout: 120_000,
    setupFiles: [`${dirname(here)}/test/helpers/setup.ts`],
  },
});
