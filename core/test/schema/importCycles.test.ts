// The walkers reach a schema class only through the schema an app passes them, so an app
// bundles only the classes it builds. (No runtime import cycles anywhere in core:
// test/dev/importCycles.test.ts.)
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImports, src } from '../dev/importGraph';

describe('module graph', () => {
  it('normalizing reaches no schema class an app did not build: normalize/ and state/ import none of Collection, CollectionChange, Union, Values, All, ArraySchema', () => {
    // (Object.ts is reached: its functions are the walkers' own; its class is left out by tree-shaking)
    const classes = ['Collection', 'CollectionChange', 'Union', 'Values', 'All', 'ArraySchema'].map((c) => `schema/${c}.ts`);
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of runtimeImports(join(src, file)).map((f) => relative(src, f))) {
        if (/^(schema|normalize|state)\//.test(next)) visit(next);
      }
    };
    for (const dir of ['normalize', 'state']) for (const f of readdirSync(join(src, dir))) if (f.endsWith('.ts') && f !== 'index.ts') visit(`${dir}/${f}`);
    expect(reached.size).toBeGreaterThan(20);
    expect(classes.filter((c) => reached.has(c))).toEqual([]);
  });
});
