import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
const names = execSync(`grep -rhoE "^\\s*(private|protected)( readonly)? [a-zA-Z_][a-zA-Z0-9_]*" ../core/src ../adapter-react/src | awk '{print $NF}' | sort -u`).toString().trim().split('\n');
const pub = new Set('name key schema fetch state value error args set remove update store controller snapshot refresh getPage add filter all abort fn cache context current response entities parsed paths pending results stale track read result change changes on data'.split(' '));
const m = names.filter(n => !pub.has(n));
const code = `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';
class Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
export { useSuspense, DataProvider, useController };`;
for (const mangle of [false, true]) {
const r = await build({ stdin: { contents: code, resolveDir: '/work/main/bench', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, conditions: ['production', 'browser'], external: ['react', 'react-dom', 'react/*'], define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error', ...(mangle ? { mangleProps: new RegExp('^(' + m.join('|') + ')$') } : {}) });
const out = r.outputFiles[0].contents;
console.log(mangle, out.length, gzipSync(out, { level: 9 }).length);
}
