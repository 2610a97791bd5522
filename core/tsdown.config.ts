import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { libraryConfig } from '../tsdown.shared';

// path-to-regexp ships CommonJS only, which no bundler can tree-shake: an app would carry
// its compile, match and stringify, which Resto never calls (~0.7 kB gzip). It is bundled
// as ESM instead (its `exports.name = name` lines become one export statement), so an
// app's bundler keeps only what Resto's pathTemplate uses.
let license = '';
const isPathToRegexp = (chunk: { facadeModuleId?: string | null }) => chunk.facadeModuleId?.includes('path-to-regexp') === true;
const pathToRegexpAsEsm = {
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
    return { code: `${body}\nexport { ${names.join(', ')} };\n`, map: null };
  },
};

export default libraryConfig(
  {
    index: 'src/index.ts',
    'mock/index': 'src/mock/index.ts',
    internal: 'src/internal.ts',
    'persist/index': 'src/persist/index.ts',
    'sync/index': 'src/sync/index.ts',
    'live/index': 'src/live/index.ts',
    // `#dev` is chosen by the app's bundler (package.json "imports"), so every answer ships.
    'dev/index': 'src/dev/index.ts',
    'dev/production': 'src/dev/production.ts',
    'dev/development': 'src/dev/development.ts',
    'dev/define': 'src/dev/define.ts',
  },
  {
    deps: { neverBundle: ['#dev'], alwaysBundle: ['path-to-regexp'] },
    plugins: [pathToRegexpAsEsm],
    outputOptions: {
      entryFileNames: (chunk) =>
        isPathToRegexp(chunk) ? `vendor/path-to-regexp${chunk.name.endsWith('.d') ? '.d.ts' : '.js'}` : '[name].js',
      // its license travels with the copy (a plain comment: apps' minifiers drop it)
      banner: (chunk) => (isPathToRegexp(chunk) && !chunk.name.endsWith('.d') ? `/* path-to-regexp, bundled as ESM by @resto/core.\n${license}\n*/` : ''),
    },
  },
);
