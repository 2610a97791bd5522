import { build } from 'esbuild';
const code = `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';
class Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
export { useSuspense, DataProvider, useController };`;
const r = await build({ stdin: { contents: code, resolveDir: '/work/main/bench', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, metafile: true, conditions: ['production', 'browser'], external: ['react', 'react-dom', 'react/*'], logLevel: 'error' });
const ins = r.metafile.inputs;
for (const t of process.argv.slice(2)) {
  const by = Object.entries(ins).filter(([k, v]) => v.imports.some(i => i.path.includes(t))).map(([k]) => k.replace(/.*main\//, ''));
  console.log(t, '<-', by.join(', '));
}
