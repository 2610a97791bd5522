// Core's runtime import graph, read from the sources: with `verbatimModuleSyntax` an import
// without `type` is kept at run time; type-only ones are erased and do not count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined; // packages and `#dev` (a leaf)
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
}

/** The modules `file` needs evaluated before it runs. */
export function runtimeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  const out: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (!allTypes) spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      const allTypes = node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!allTypes) spec = node.moduleSpecifier;
    }
    const target = spec && ts.isStringLiteral(spec) ? resolveImport(file, spec.text) : undefined;
    if (target) out.push(target);
  }
  return out;
}

/** Every cycle of the graph, each once, as the list of files around it. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}
