import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const which = process.env.APP || 'react';
const code = which === 'react' ? `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';
class Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
export { useSuspense, DataProvider, useController };` : `import { resource, Entity } from '@resto/core';
class Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });`;
async function size(stubs) {
  const plugin = { name: 'stub', setup(b) { b.onLoad({ filter: /\.(ts|tsx|js)$/ }, (a) => {
    if (!stubs.some((s) => a.path.endsWith(s))) return undefined;
    const src = readFileSync(a.path, 'utf8');
    const names = new Set();
    for (const m of src.matchAll(/export (?:abstract )?(?:class|function|const|let|enum|async function)\s+(\w+)/g)) names.add(m[1]);
    for (const m of src.matchAll(/export \{([^}]*)\}(?! from)/g)) for (const p of m[1].split(',')) { const n = p.trim().split(/\s+as\s+/).pop(); if (n && !n.startsWith('type ')) names.add(n); }
    return { contents: [...names].map((n) => `export const ${n} = globalThis.__stub;`).join('\n'), loader: 'js' };
  }); } };
  const r = await build({ stdin: { contents: code, resolveDir: '/work/main/bench', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, conditions: ['production', 'browser'], external: ['react', 'react-dom', 'react/*'], logLevel: 'silent', plugins: [plugin] });
  return gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
}
const base = await size([]);
console.log('base', base);
for (const group of process.argv.slice(2)) {
  const s = await size(group.split('+'));
  console.log(String(base - s).padStart(6), group);
}
