import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

// The adapter's tests, unchanged, with React 18 in place of 19: every import of
// react, react-dom and testing-library resolves to this folder's copies, so the
// adapter and the tests share one React 18.
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(`${here}/package.json`);
const dir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export default defineProject({
  root: dirname(here),
  resolve: {
    alias: ['react', 'react-dom', '@testing-library/react', '@testing-library/dom'].map((name) => ({
      find: new RegExp(`^${name}(/.*)?$`),
      replacement: `${dir(name)}$1`,
    })),
  },
  test: {
    name: 'adapter-react (React 18)',
    // as a project of the root config too, where root alone would not move the test search
    dir: dirname(here),
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'react18/*.test.tsx'],
    // React 19's own APIs (<Activity>)
    exclude: [...configDefaults.exclude, 'test/activity.test.tsx'],
    // Tests wait for events (up to @resto/testing's EVENT_TIMEOUT, 20 s), not for fixed times; the
    // heavy ones (1,000 renders) take half a minute on a machine busy with two other jobs.
    testTimeout: 120_000,
    // testing-library's waitFor ceiling (default 1 s), raised the same way.
    setupFiles: [`${dirname(here)}/test/helpers/setup.ts`],
  },
});
