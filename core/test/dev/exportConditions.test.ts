// The published exports map (package.json publishConfig) as a bundler resolves it: which
// file each set of conditions gets, and whether that file can run without a define.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const { exports, imports } = pkg.publishConfig as Record<string, Record<string, Record<string, string> | string>>;

/** The first key of `target` (in its own order) that `conditions` holds, as the resolution algorithm picks. */
const pick = (target: Record<string, string> | string, conditions: string[]): string | undefined =>
  typeof target === 'string' ? target : Object.entries(target).find(([condition]) => conditions.includes(condition))?.[1];

const entries = Object.keys(exports).filter((entry) => entry !== './package.json');

describe('published exports by condition', () => {
  it('a development build that defines nothing (Rollup node-resolve with NODE_ENV=development, no replace plugin) gets a file that does not read process.env', () => {
    const conditions = ['default', 'module', 'import', 'browser', 'development'];
    for (const entry of entries) {
      const file = pick(exports[entry]!, conditions)!;
      // dist/bundler/ writes each guard as process.env.NODE_ENV: a define must replace it,
      // else `process is not defined` in a browser. dist/ takes DEV from #dev instead.
      expect(file, entry).not.toMatch(/^\.\/dist\/bundler\//);
      expect(file, entry).toMatch(/^\.\/dist\//);
    }
    expect(pick(imports['#dev']!, conditions)).toBe('./dist/dev/development.js');
  });

  it('node, production and plain default conditions keep their builds', () => {
    expect(pick(exports['.']!, ['node', 'import', 'development', 'default'])).toBe('./dist/index.js');
    expect(pick(exports['.']!, ['browser', 'import', 'production', 'default'])).toBe('./dist/production/index.js');
    expect(pick(exports['.']!, ['browser', 'import', 'default'])).toBe('./dist/bundler/index.js');
  });
});
