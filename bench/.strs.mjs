import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const code = `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';
class Todo extends Entity { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
export { useSuspense, DataProvider, useController };`;
const r = await build({ stdin: { contents: code, resolveDir: '/work/main/bench', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, conditions: ['production', 'browser'], external: ['react', 'react-dom', 'react/*'], logLevel: 'silent' });
const out = r.outputFiles[0].text;
const strs = [...out.matchAll(/`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g)].map(m => m[0]).filter(s => s.length > 25);
let total = 0; for (const s of strs) total += s.length;
console.log('strings>25:', strs.length, 'chars', total, 'of', out.length);
const stripped = out.replace(/`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => s.length > 25 ? '""' : s);
console.log('gzip', gzipSync(out,{level:9}).length, 'without long strings', gzipSync(stripped,{level:9}).length);
strs.sort((a,b)=>b.length-a.length); console.log(strs.slice(0,40).join('\n'));
