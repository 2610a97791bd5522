// Extracts every fenced block of the READMEs (and MIGRATING.md) into files a compiler
// can check, as a user's project would hold them. Conventions in the README source
// (HTML comments, invisible on GitHub), written on the lines before a fence:
//   <!-- check: prelude -->       this block's names are in scope in the README's later blocks
//   <!-- check: standalone -->    this block gets no prelude or hidden declarations
//   <!-- check: file NAME -->     the block is file NAME (blocks of one name are joined)
//   <!-- not-checked: REASON -->  exempt; listed in the test's output
// and anywhere in a README:
//   <!-- check: declare ...TypeScript... -->  hidden declarations (a `Spinner`, an `App`)
//   every block of that README sees, for the names the docs assume and do not show.
// A block is also named by a first line `// name.ts` / `<!-- Name.svelte -->`, or by a
// line `` `name.ts`: `` right before it.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface Block {
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  name?: string;
  prelude?: boolean;
  standalone?: boolean;
  exempt?: string;
  /** Checked as compiled code whose lines differ from the block's. */
  approximate?: boolean;
}

export interface ReadmeBlocks {
  blocks: Block[];
  declare: string;
}

const FENCE = /^(\s*)```(\S*)\s*$/;
const FILE_NAME = /^[\w./[\]+-]+\.(?:tsx?|vue|svelte|m?js|json)$/;

export function extractBlocks(readme: string, text: string): ReadmeBlocks {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const declare: string[] = [];
  let between: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) {
      between.push(lines[i]);
      continue;
    }
    const indent = open[1].length;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) body.push(lines[j++].slice(indent));
    const block: Block = { readme, line: i + 1, lang: open[2], code: body.join('\n') };
    // Comments quoted in inline code (a README explaining these conventions) are prose.
    const context = between.join('\n').replace(/``.*?``|`[^`\n]*`/g, '');
    for (const [, comment] of context.matchAll(/<!--\s*([\s\S]*?)\s*-->/g)) {
      const declared = /^check:\s*declare\b([\s\S]*)$/.exec(comment);
      if (declared) declare.push(declared[1]);
      else if (/^check:\s*prelude$/.test(comment)) block.prelude = true;
      else if (/^check:\s*standalone$/.test(comment)) block.standalone = true;
      else if (/^check:\s*file\s+(\S+)$/.test(comment)) block.name = /^check:\s*file\s+(\S+)$/.exec(comment)![1];
      else if (/^not-checked:/.test(comment)) block.exempt = comment.replace(/^not-checked:\s*/, '');
    }
    const label = between.filter((l) => l.trim()).at(-1)?.trim();
    const first = body[0]?.trim() ?? '';
    const named = /^(?:\/\/|<!--)\s*(\S+?)\s*(?:-->)?$/.exec(first)?.[1] ?? /^`([^`]+)`[^`]*:$/.exec(label ?? '')?.[1];
    if (!block.name && named && FILE_NAME.test(named)) block.name = named;
    blocks.push(block);
    between = [];
    i = j;
  }
  return { blocks, declare: declare.join('\n') };
}

/** Top-level names a module declares (`declared`, with the type-only ones) and imports. */
export function topLevelNames(code: string, fileName = 'x.tsx') {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const declared = new Map<string, { type: boolean; exported: boolean }>();
  const imported = new Map<string, { type: boolean }>();
  const bind = (name: ts.BindingName, exported: boolean) => {
    if (ts.isIdentifier(name)) declared.set(name.text, { type: false, exported });
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bind(el.name, exported);
  };
  for (const st of sf.statements) {
    const exported = !!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isImportDeclaration(st) && st.importClause) {
      const c = st.importClause;
      if (c.name) imported.set(c.name.text, { type: c.isTypeOnly });
      if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) imported.set(c.namedBindings.name.text, { type: c.isTypeOnly });
      if (c.namedBindings && ts.isNamedImports(c.namedBindings))
        for (const e of c.namedBindings.elements) imported.set(e.name.text, { type: c.isTypeOnly || e.isTypeOnly });
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) bind(d.name, exported);
    } else if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) {
      declared.set(st.name.text, { type: true, exported });
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
      declared.set(st.name.text, { type: false, exported });
    }
  }
  return { declared, imported };
}

export interface Scope {
  from: string;
  exported: Map<string, { type: boolean }>;
}

/**
 * The import line that brings the scopes' names (in order: the first scope naming one
 * wins) into a block that does not bind them itself.
 */
export function injectedImport(block: string, scopes: readonly Scope[], fileName: string): string {
  const own = topLevelNames(block, fileName);
  const taken = new Set([...own.declared.keys(), ...own.imported.keys()]);
  let line = '';
  for (const { from, exported } of scopes) {
    const names = [...exported].filter(([n]) => !taken.has(n));
    for (const [n] of names) taken.add(n);
    if (names.length) line += `import { ${names.map(([n, { type }]) => (type ? `type ${n}` : n)).join(', ')} } from '${from}'; `;
  }
  return line;
}

/**
 * The module text of a prelude: every top-level name exported (with `withImports`,
 * what it imports too: hidden declarations may bring a library's names into scope).
 */
export function asModule(code: string, fileName: string, withImports = false): { text: string; exported: Map<string, { type: boolean }> } {
  const { declared, imported } = topLevelNames(code, fileName);
  const exported = new Map<string, { type: boolean; exported?: boolean }>([...(withImports ? imported : []), ...declared]);
  const missing = [...exported].filter(([, d]) => !d.exported).map(([n, d]) => (d.type ? `type ${n}` : n));
  return { text: `${code}\n${missing.length ? `export { ${missing.join(', ')} };` : 'export {};'}\n`, exported };
}

export const read = (path: string) => readFileSync(path, 'utf8');
