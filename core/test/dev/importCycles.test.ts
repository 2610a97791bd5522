import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, runtimeImports, sources, src } from './importGraph';

// Core's layers import only to their left, so no module is evaluated while one it needs
// is still half-done.

describe('core has no runtime import cycles', () => {
  it('no module reaches itself through imports kept at run time', () => {
    const graph = new Map(sources(src).map((file) => [file, runtimeImports(file)]));
    const named = cycles(graph).map((c) => c.map((f) => relative(src, f)).join(' -> '));
    expect(named).toEqual([]);
  });

  it('finds a cycle through a value import, and ignores type-only imports', () => {
    const a = join(src, 'client', 'EndpointObserver.ts');
    expect(runtimeImports(a, "import { Controller } from '../controller';")).toEqual([join(src, 'controller', 'index.ts')]);
    expect(runtimeImports(a, "import type { Controller } from '../controller';")).toEqual([]);
    expect(runtimeImports(a, "import { type Controller } from '../controller';")).toEqual([]);
    expect(runtimeImports(a, "export { type Controller } from '../controller';")).toEqual([]);
    expect(runtimeImports(a, "import { type Controller, ExpiryStatus } from '../state';")).toEqual([join(src, 'state', 'index.ts')]);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
