import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { libraryConfig } from '../tsdown.shared';

// path-to-regexp ships CommonJS only, which no bundler can tree-shake: an app would carry
// its compile, match and stringify, which Resto never calls (~0.7 kB gzip). It is bundled
// as ESM instead (its `exports.name = name` lines become one export statement), so an
// app's bundler keeps only what Resto's pathTemplate uses. Core's tests load it through
// this plugin too (vitest.config.ts), so they run the parse the builds ship.
let license = '';
const isPathToRegexp = (chunk: { facadeModuleId?: string | null }) => chunk.facadeModuleId?.includes('path-to-regexp') === true;
export const pathToRegexpAsEsm = {
  name: 'path-to-regexp-as-esm',
  transform(code: string, id: string) {
    if (!/[\\/]path-to-regexp[\\/]dist[\\/]index\.js$/.test(id)) return null;
    const names: string[] = [];
    const body = code
      .replace(/^"use strict";\n/, '')
      .replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\n/m, '')
      .replace(/^exports\.\w+ = (?:exports\.\w+ = )*void 0;\n/m, '')
      .replace(/^exports\.(\w+) = (\w+);\n/gm, (_, name: string, value: string) => {
        if (name !== value) throw new Error(`path-to-regexp-as-esm: exports.${name} = ${value} is not understood`);
        names.push(name);
        return '';
      });
    if (/\bexports\b|\brequire\(|\bmodule\./.test(body) || names.length === 0) {
      throw new Error('path-to-regexp-as-esm: this version of path-to-regexp is laid out differently; update the transform');
    }
    license = readFileSync(join(dirname(id), '..', 'LICENSE'), 'utf8').trim();
    return { code: `${trimParse(body)}\nexport { ${names.join(', ')} };\n`, map: null };
  },
};

// What parse carries that pathTemplate never reaches: the options (encodePath: pathTemplate
// encodes values itself), the TokenData wrapper (it reads only the tokens: parse returns
// `{ tokens }`), the refusal of `[ ] + ? !` (literal text in Resto's templates, as in the
// spec: `/search?{q=:q}`), an error without its template (parse fails only on a character
// of it, so the template is never empty), and the link its errors end with (the message and
// the template stay).
const PARSE_TRIMS: [string, string][] = [
  [
    '        let text = message;\n        if (originalPath)\n            text += `: ${originalPath}`;\n        text += `; visit https://git.new/pathToRegexpError for info`;\n        super(text);\n',
    '        super(`${message}: ${originalPath}`);\n',
  ],
  ['function parse(str, options = {}) {\n    const { encodePath = NOOP_VALUE } = options;\n', 'function parse(str) {\n'],
  ['value: encodePath(path),', 'value: path,'],
  ['return new TokenData(consumeUntil(""), str);', 'return { tokens: consumeUntil("") };'],
  [
    'value === ")" ||\n                value === "[" ||\n                value === "]" ||\n                value === "+" ||\n                value === "?" ||\n                value === "!") {',
    'value === ")") {',
  ],
];
function trimParse(code: string): string {
  for (const [from, to] of PARSE_TRIMS) {
    if (code.split(from).length !== 2) throw new Error(`path-to-regexp-as-esm: parse no longer holds ${JSON.stringify(from)}; update PARSE_TRIMS`);
    code = code.replace(from, to);
  }
  return code;
}

// Three builds of the same modules (core/INTERNALS.md, "Development and production
// messages"). `dist/` imports `DEV` from `#dev`: Node decides at run time, a page with no
// bundler maps `#dev` in its import map. The builds for bundlers write each `DEV` in place,
// so every guard is a constant inside its own module, which esbuild's minifier drops
// completely (a constant imported from another module is inlined only after dead code is
// removed, leaving a `!1` per guard): `dist/bundler/` (`default`) as `process.env.NODE_ENV
// !== 'production'`, which the bundler's define folds.
const devInPlace = {
  name: 'dev-in-place',
  transform(code: string, id: string) {
    if (!code.includes("from '#dev'")) return null;
    const body = code.replace(/^import \{ DEV \} from '#dev';\n/m, '');
    if (body.includes('#dev')) throw new Error(`dev-in-place: ${id} imports #dev other than as \`import { DEV } from '#dev'\``);
    return { code: body.replace(/\bDEV\b/g, "(process.env.NODE_ENV !== 'production')"), map: null };
  },
};
// `dist/production/` (`production`, for a build that defines nothing, such as Vite's library
// mode) is that output with `"process env NODE_ENV" === "production"` there: false for any
// bundler, swapped after the build (rolldown would fold it, and the code would differ) and
// spelled with the same letters (esbuild names a bundle's variables by letter frequency), so
// both builds give an app the very same bundle. No `process.env.NODE_ENV` inside the string:
// Rollup's replace plugin would replace it there too.
const devFalse = {
  name: 'dev-false',
  renderChunk: (code: string) => ({ code: code.replace(/process\.env\.NODE_ENV !== "production"/g, '"process env NODE_ENV" === "production"'), map: null }),
};

const entries = {
  index: 'src/index.ts',
  'mock/index': 'src/mock/index.ts',
  internal: 'src/internal.ts',
  'persist/index': 'src/persist/index.ts',
  'sync/index': 'src/sync/index.ts',
  'live/index': 'src/live/index.ts',
};
const shared = {
  deps: { neverBundle: ['#dev'], alwaysBundle: ['path-to-regexp'] },
  outputOptions: {
    entryFileNames: (chunk: { name: string; facadeModuleId?: string | null }) =>
      isPathToRegexp(chunk) ? `vendor/path-to-regexp${chunk.name.endsWith('.d') ? '.d.ts' : '.js'}` : '[name].js',
    // its license travels with the copy (a plain comment: apps' minifiers drop it)
    banner: (chunk: { name: string; facadeModuleId?: string | null }) =>
      isPathToRegexp(chunk) && !chunk.name.endsWith('.d') ? `/* path-to-regexp, bundled as ESM by @resto/core (parse trimmed to what it uses).\n${license}\n*/` : '',
  },
};

export default [
  libraryConfig(
    {
      ...entries,
      // `#dev` is chosen by its importer's conditions (package.json "imports"), so every answer ships.
      'dev/index': 'src/dev/index.ts',
      'dev/production': 'src/dev/production.ts',
      'dev/development': 'src/dev/development.ts',
      'dev/define': 'src/dev/define.ts',
    },
    { ...shared, plugins: [pathToRegexpAsEsm] },
  ),
  libraryConfig(entries, { ...shared, plugins: [pathToRegexpAsEsm, devInPlace], outDir: 'dist/bundler', dts: false, clean: false, minify: false /* the same code in both */ }),
  libraryConfig(entries, { ...shared, plugins: [pathToRegexpAsEsm, devInPlace, devFalse], outDir: 'dist/production', dts: false, sourcemap: false, clean: false, minify: false }),
];
