// Type-checks generated modules the way a strict user project would, with the
// TypeScript API (one process, no tsc spawn). Shared by the tests and the bench.
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const coreEntry = fileURLToPath(new URL('../../core/src/index.ts', import.meta.url));

/** Options generated code is held to: the strictest a user is likely to have. */
export const STRICT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  noImplicitOverride: true,
  noUnusedLocals: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  // The workspace's @resto/core, wherever the generated files are.
  paths: { '@resto/core': [coreEntry] },
};

/** Diagnostics in the files under `dir` (core's own are not the generator's business), formatted. */
export function typecheck(dir: string, entries: string[], options: ts.CompilerOptions = {}): string[] {
  const root = resolve(dir);
  const program = ts.createProgram(
    entries.map((e) => join(root, e)),
    { ...STRICT_OPTIONS, ...options },
  );
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || dirname(resolve(d.file.fileName)).startsWith(root));
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? `${d.file.fileName.slice(root.length + 1)}:${(where?.line ?? 0) + 1}: ` : '';
    return `${file}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
