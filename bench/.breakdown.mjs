import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const which = process.argv[2] || 'react';
const imp = { react: `import { useSuspense, DataProvider, useController } from '@resto/react';`, vue: `import { useSuspense, createResto, useController } from '@resto/vue';`, svelte: `import { useSuspense, setClient, useController } from '@resto/svelte';` }[which];
const names = { react: 'useSuspense, DataProvider, useController', vue: 'useSuspense, createResto, useController', svelte: 'useSuspense, setClient, useController' }[which];
const code = `import { resource, Entity } from '@resto/core';\n${imp}\nclass Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
export { ${names} };`;
const r = await build({ stdin: { contents: code, resolveDir: '/work/main/bench', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, metafile: true, conditions: ['production', 'browser'], external: ['react', 'react-dom', 'vue', 'svelte', 'svelte/*', 'react/*'], define: { 'process.env.NODE_ENV': '"production"' }, platform: 'browser', logLevel: 'error' });
const out = r.outputFiles[0].contents;
console.log('total min', out.length, 'gzip', gzipSync(out, { level: 9 }).length);
const outs = Object.values(r.metafile.outputs)[0].inputs;
const rows = Object.entries(outs).map(([k, v]) => [v.bytesInOutput, k]).sort((a, b) => b[0] - a[0]);
for (const [b, k] of rows) if (b > 0) console.log(String(b).padStart(7), k.replace(/.*main\//, ''));
