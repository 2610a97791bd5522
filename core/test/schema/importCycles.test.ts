// The schema, normalize and state layers load one way: no module imports (at run time) a
// module that imports it back (a cycle makes a class read before its module finished
// loading depend on import order), and the walkers reach a schema class only through the
// schema an app passes them (so an app bundles only the classes it builds).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const FOLDERS = ['schema', 'normalize', 'state'];

/** Relative modules a file imports or re-exports at run time (`import type` and type-only lists left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']*)'/gm)) {
    const list = /^\{([^}]*)\}$/.exec(m[1]!.trim());
    if (list && list[1]!.split(',').every((name) => !name.trim() || name.trim().startsWith('type '))) continue;
    const target = normalize(join(dirname(file), m[2]!));
    out.push(readdirSync(join(src, dirname(target))).includes(`${target.split('/').pop()}.ts`) ? `${target}.ts` : `${target}/index.ts`);
  }
  return out;
}

/** Every cycle found by a depth-first walk, as the list of modules around it. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, runtimeImports(f).filter((t) => files.includes(t))]));
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, path: string[]): void => {
    const at = path.indexOf(file);
    if (at !== -1) {
      found.push(path.slice(at));
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file)!) walk(next, [...path, file]);
    done.add(file);
  };
  for (const f of files) walk(f, []);
  return found;
}

describe('module graph', () => {
  it('schema, normalize and state have no runtime import cycles', () => {
    const files = FOLDERS.flatMap((dir) => readdirSync(join(src, dir)).filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f}`));
    expect(files.length).toBeGreaterThan(30);
    expect(cycles(files)).toEqual([]);
  });

  it('normalizing reaches no schema class an app did not build: normalize/ and state/ import none of Collection, CollectionChange, Union, Values, All, ArraySchema', () => {
    // (Object.ts is reached: its functions are the walkers' own; its class is left out by tree-shaking)
    const classes = ['Collection', 'CollectionChange', 'Union', 'Values', 'All', 'ArraySchema'].map((c) => `schema/${c}.ts`);
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of runtimeImports(file)) if (next.startsWith('schema/') || next.startsWith('normalize/') || next.startsWith('state/')) visit(next);
    };
    for (const dir of ['normalize', 'state']) for (const f of readdirSync(join(src, dir))) if (f.endsWith('.ts') && f !== 'index.ts') visit(`${dir}/${f}`);
    expect(classes.filter((c) => reached.has(c))).toEqual([]);
  });
});
