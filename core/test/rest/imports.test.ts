// The rest and endpoint layers load in one order: no file of theirs imports, at run
// time, a file that imports it back (type-only imports are erased and do not count).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The relative files each source file imports at run time. */
function runtimeImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const deps: string[] = [];
    const text = readFileSync(join(src, file), 'utf8');
    for (const [, clause, target] of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
      // `import { type A, type B } from` loads nothing either.
      const names = /^\{([^}]*)\}$/s.exec(clause!.trim())?.[1]?.split(',').map((n) => n.trim()).filter(Boolean);
      if (names?.every((n) => n.startsWith('type '))) continue;
      const path = resolve(dirname(join(src, file)), target!);
      deps.push(existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts'));
    }
    graph.set(join(src, file), deps);
  }
  return graph;
}

/** A path from `from` back to itself, or undefined. */
function cycleThrough(graph: Map<string, string[]>, from: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    for (const dep of graph.get(file) ?? []) {
      if (dep === from) return [...path, dep];
      if (seen.has(dep)) continue;
      seen.add(dep);
      const found = walk(dep, [...path, dep]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(from, [from]);
}

describe('rest and endpoint imports', () => {
  it('have no runtime import cycle', () => {
    const graph = runtimeImports();
    const cycles = [...graph.keys()]
      .filter((f) => /[\\/](rest|endpoint)[\\/]/.test(f.slice(src.length - 1)))
      .map((f) => cycleThrough(graph, f))
      .filter((c) => c !== undefined)
      .map((c) => c.map((f) => f.slice(src.length)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
