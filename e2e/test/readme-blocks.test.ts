// Every code block in the READMEs and MIGRATING.md compiles as a user would write it
// (both compilers take a minute or two on a busy machine, hence the long timeouts):
// TypeScript (ts, tsx, js) in one strict tsc program against the workspace packages
// (`@resto/core`, `@resto/react`, ...), Vue SFCs compiled by @vue/compiler-sfc with the
// template inlined into the script, in that program (so template expressions are typed
// against the script; errors name the block, not the line), Svelte components through svelte-check, JSON parsed. A block equal
// to a file of the e2e apps is left to the suites that build and run that file (once it
// differs, it is compiled here). The conventions a README uses to give a fragment its
// context are in readme-blocks.ts. Shell and output blocks are exempt.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parse, compileScript, compileTemplate } from 'vue/compiler-sfc';
import { describe, expect, it } from 'vitest';
import { asModule, extractBlocks, injectedImport, read, type Block, type Scope } from './readme-blocks';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = fileURLToPath(new URL('../.readme-blocks/', import.meta.url));
const READMES = [
  'README.md',
  'MIGRATING.md',
  'core/README.md',
  'adapter-react/README.md',
  'adapter-vue/README.md',
  'adapter-svelte/README.md',
  'adapter-lit/README.md',
  'nuxt/README.md',
  'openapi/README.md',
  'devtools/README.md',
  'testing/README.md',
  'e2e/README.md',
  'bench/README.md',
];
// The public names of the packages a README documents are in scope in its blocks
// (a block may show only the lines that matter); a block's own imports still win.
const PACKAGES: Record<string, string[]> = {
  'README.md': ['@resto/core'],
  'MIGRATING.md': ['@resto/core', '@resto/react'],
  'core/README.md': ['@resto/core'],
  'adapter-react/README.md': ['@resto/react', '@resto/core'],
  'adapter-vue/README.md': ['@resto/vue', '@resto/core', 'vue'],
  'adapter-svelte/README.md': ['@resto/svelte', '@resto/core'],
  'adapter-lit/README.md': ['@resto/lit', '@resto/core', 'lit'],
  'nuxt/README.md': ['@resto/vue', '@resto/core', 'vue'],
  'openapi/README.md': ['@resto/core'],
  'devtools/README.md': ['@resto/devtools', '@resto/core'],
};
const THIRD_PARTY = [
  'qs',
  'temporal-polyfill',
  'decimal.js',
  'react-native',
  '@react-native-community/netinfo',
  '@react-native-async-storage/async-storage',
  '@testing-library/react',
  '@testing-library/svelte',
  '@data-client/rest',
  '@data-client/react',
];
const EXEMPT_LANGS: Record<string, string> = { sh: 'shell commands', '': 'output or prose', text: 'output or prose' };

/** Files the e2e suites build and type-check as apps: a README block equal to one is checked there. */
function appFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(tsx?|vue|svelte|m?js)$/.test(name)) files.set(read(path).trimEnd(), relative(root, path));
    }
  };
  walk(dir);
  return files;
}

/**
 * v-for's source typed as vue-tsc types it: a list that may be undefined or null (data
 * not loaded yet) renders nothing. The runtime's renderList types have no such case.
 */
const V_FOR = [
  'declare function __vFor<T>(source: readonly T[] | Iterable<T> | null | undefined, render: (item: T, index: number) => unknown): any;',
  'declare function __vFor(source: number, render: (item: number, index: number) => unknown): any;',
  'declare function __vFor<T extends object>(source: T, render: (value: T[keyof T], key: keyof T, index: number) => unknown): any;',
  '',
].join('\n');

interface Segment {
  block: Block;
  /** Line in the generated file where the block's first line is. */
  from: number;
}

interface Generated {
  files: Map<string, Segment[]>;
  errors: string[];
  exempt: string[];
}

/** Each package's exported names, and which of them are types only. */
function packageScopes(): Map<string, Scope> {
  const specs = [...new Set(Object.values(PACKAGES).flat())];
  mkdirSync(out, { recursive: true });
  const probe = join(out, '_probe.ts');
  writeFileSync(probe, specs.map((s, i) => `import * as m${i} from '${s}';`).join('\n') + '\nexport {};\n');
  const program = ts.createProgram([probe], { ...ts.getDefaultCompilerOptions(), module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, skipLibCheck: true, noResolve: false });
  const checker = program.getTypeChecker();
  const scopes = new Map<string, Scope>();
  for (const st of program.getSourceFile(probe)!.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const spec = (st.moduleSpecifier as ts.StringLiteral).text;
    const mod = checker.getSymbolAtLocation(st.moduleSpecifier);
    const exported = new Map<string, { type: boolean }>();
    for (const sym of mod ? checker.getExportsOfModule(mod) : []) {
      const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
      // A class exported with `export { type X }` is a type to an importer too.
      const typeOnly = sym.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ?? false;
      exported.set(sym.name, { type: typeOnly || !(target.flags & ts.SymbolFlags.Value) });
    }
    scopes.set(spec, { from: spec, exported });
  }
  rmSync(probe);
  return scopes;
}

function generate(): Generated {
  rmSync(out, { recursive: true, force: true });
  const packages = packageScopes();
  const covered = new Map(['e2e/consumers', 'e2e/frameworks', 'e2e/apps'].flatMap((d) => [...appFiles(join(root, d))]));
  const files = new Map<string, Segment[]>();
  const texts = new Map<string, string>();
  const errors: string[] = [];
  const exempt: string[] = [];
  const add = (path: string, text: string, block: Block, from: number) => {
    const before = texts.get(path);
    const offset = before === undefined ? 0 : before.split('\n').length;
    texts.set(path, before === undefined ? text : `${before}\n${text}`);
    files.set(path, [...(files.get(path) ?? []), { block, from: from + offset }]);
  };
  for (const readme of READMES) {
    const dir = join(out, readme.replace(/\/?README\.md$|\.md$/, '') || 'root');
    const { blocks, declare } = extractBlocks(readme, read(join(root, readme)));
    const modules: Scope[] = [];
    if (declare.trim()) {
      const m = asModule(declare, '_declare.tsx', true);
      texts.set(join(dir, '_declare.tsx'), m.text);
      modules.push({ from: './_declare', exported: m.exported });
    }
    const scopes = (PACKAGES[readme] ?? []).map((p) => packages.get(p)!);
    const inject = (block: Block, code: string, fileName: string) =>
      block.standalone ? '' : injectedImport(code, [...modules, ...scopes], fileName);
    for (const block of blocks) {
      const at = `${readme}:${block.line}`;
      const exemptBy = block.exempt ?? EXEMPT_LANGS[block.lang] ?? (covered.has(block.code.trimEnd()) ? `the same as ${covered.get(block.code.trimEnd())}, which the e2e suites build and run` : undefined);
      if (exemptBy) {
        exempt.push(`${at} (${block.lang || 'plain'}): ${exemptBy}`);
        continue;
      }
      const name = block.name ?? `block-${block.line}.${block.lang === 'js' ? 'js' : block.lang}`;
      const path = join(dir, name);
      if (['ts', 'tsx', 'js'].includes(block.lang)) {
        const imports = inject(block, block.code, name);
        if (block.prelude) {
          const m = asModule(block.code, name);
          add(path, imports + m.text, block, 1);
          modules.push({ from: `./${name.replace(/\.[jt]sx?$/, '')}`, exported: m.exported });
        } else add(path, `${imports}${block.code}\nexport {};`, block, 1);
      } else if (block.lang === 'vue') {
        const { descriptor, errors: parseErrors } = parse(block.code, { filename: name });
        for (const e of parseErrors) errors.push(`${at}: ${e.message}`);
        if (descriptor.template) {
          const t = compileTemplate({ source: descriptor.template.content, filename: name, id: name });
          for (const e of t.errors) errors.push(`${at}: template: ${typeof e === 'string' ? e : e.message}`);
        }
        const script = descriptor.scriptSetup ?? descriptor.script;
        if (script) {
          // The script with the template compiled into it (what vue-tsc checks, roughly):
          // template expressions are typed against the script's bindings.
          const fileName = `${name}.ts`;
          const source = block.code.slice(0, script.loc.start.offset) + inject(block, script.content, fileName) + block.code.slice(script.loc.start.offset);
          try {
            const compiled = compileScript(parse(source, { filename: name }).descriptor, { id: name, inlineTemplate: true });
            add(join(dir, fileName), V_FOR + compiled.content.replace(/\b_renderList\(/g, '__vFor('), { ...block, approximate: true }, 1);
          } catch (e) {
            errors.push(`${at}: ${(e as Error).message}`);
          }
        }
      } else if (block.lang === 'html') {
        const t = compileTemplate({ source: block.code, filename: name, id: name });
        for (const e of t.errors) errors.push(`${at}: template: ${typeof e === 'string' ? e : e.message}`);
      } else if (block.lang === 'svelte') {
        const script = /<script(?![^>]*\bmodule\b)[^>]*>/.exec(block.code);
        const content = script ? block.code.slice(script.index + script[0].length, block.code.indexOf('</script>', script.index)) : '';
        const imports = inject(block, content, 'x.ts');
        const code = script
          ? block.code.slice(0, script.index) + script[0].replace('<script>', '<script lang="ts">') + imports + block.code.slice(script.index + script[0].length)
          : `<script lang="ts">${imports}</script>${block.code}`;
        add(path, code, block, 1);
      } else if (block.lang === 'json') {
        try {
          JSON.parse(block.code);
        } catch (e) {
          errors.push(`${at}: ${(e as Error).message}`);
        }
      } else {
        errors.push(`${at}: a \`\`\`${block.lang} block no check knows; mark it <!-- not-checked: reason -->`);
      }
    }
  }
  for (const [path, text] of texts) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  writeFileSync(
    join(out, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        allowJs: true,
        checkJs: true,
        jsx: 'react-jsx',
        types: ['node', 'vite/client'],
        noEmit: true,
        // The private test helpers, as the workspace's own tests import them.
        paths: { '@resto/testing': ['../../testing/src/index.ts'] },
      },
      include: ['**/*'],
      exclude: ['_shims'],
    }),
  );
  // svelte-check's own view: the components (and what they import), not every .ts again.
  writeFileSync(join(out, 'tsconfig.svelte.json'), JSON.stringify({ extends: './tsconfig.json', include: ['**/*.svelte'] }));
  // Only tsc needs these: svelte-check resolves .svelte files itself.
  mkdirSync(join(out, '_shims'));
  writeFileSync(join(out, '_shims/vue.d.ts'), "declare module '*.vue' {\n  const component: import('vue').Component;\n  export default component;\n}\n");
  // Libraries the docs show with Resto that the workspace does not install: typed as `any`.
  writeFileSync(join(out, '_shims/elsewhere.d.ts'), THIRD_PARTY.map((m) => `declare module '${m}';`).join('\n'));
  writeFileSync(join(out, '_shims/svelte.d.ts'), "declare module '*.svelte' {\n  const component: import('svelte').Component;\n  export default component;\n}\n");
  return { files, errors, exempt };
}

/** The README line of a generated file's line. */
function where(files: Map<string, Segment[]>, file: string, line: number): string {
  const segments = files.get(file);
  const seg = segments?.filter((s) => s.from <= line).at(-1);
  if (!seg) return relative(root, file);
  // A compiled Vue component's lines are not the README's: name the block.
  return seg.block.approximate ? `${seg.block.readme}:${seg.block.line} (a Vue block)` : `${seg.block.readme}:${seg.block.line + line - seg.from + 1}`;
}

describe('README block conventions', () => {
  const sample = [
    'Declarations:',
    '<!-- check: prelude -->',
    '<!-- check: declare',
    'declare const Spinner: () => null;',
    '-->',
    '```ts',
    'export const a = 1;',
    '```',
    '`main.ts`:',
    '```ts',
    'a;',
    '```',
    '<!-- not-checked: shows a mistake -->',
    '```ts',
    'a(;',
    '```',
    'Quoted, not a directive: `<!-- check: standalone -->`.',
    '  ```svelte',
    '  <!-- Row.svelte -->',
    '  <p>{a}</p>',
    '  ```',
  ].join('\n');
  const { blocks, declare } = extractBlocks('X.md', sample);

  it('reads the directives, file names and hidden declarations of a README', () => {
    expect(declare.trim()).toBe('declare const Spinner: () => null;');
    expect(blocks.map(({ line, lang, name, prelude, standalone, exempt }) => ({ line, lang, name, prelude, standalone, exempt }))).toEqual([
      { line: 6, lang: 'ts', name: undefined, prelude: true, standalone: undefined, exempt: undefined },
      { line: 10, lang: 'ts', name: 'main.ts', prelude: undefined, standalone: undefined, exempt: undefined },
      { line: 14, lang: 'ts', name: undefined, prelude: undefined, standalone: undefined, exempt: 'shows a mistake' },
      { line: 18, lang: 'svelte', name: 'Row.svelte', prelude: undefined, standalone: undefined, exempt: undefined },
    ]);
    expect(blocks[3].code).toBe('<!-- Row.svelte -->\n<p>{a}</p>');
  });

  it('imports into a block the scope names it does not bind itself, types as types', () => {
    const scope = { from: './_prelude', exported: new Map([['a', { type: false }], ['b', { type: false }], ['T', { type: true }]]) };
    expect(injectedImport('const b = 2;', [scope], 'x.ts')).toBe("import { a, type T } from './_prelude'; ");
    expect(injectedImport("import { a, b, type T } from 'elsewhere';", [scope], 'x.ts')).toBe('');
  });
});

describe('README code blocks', () => {
  const generated = generate();
  console.log(`README blocks not compiled here (${generated.exempt.length}):\n  ${generated.exempt.join('\n  ')}`);

  it('parse (Vue templates, JSON) and every language has a check', () => {
    expect(generated.errors).toEqual([]);
  });

  it('type-check as TypeScript against the workspace packages (one strict program)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(out, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const files = [...generated.files.keys()].filter((f) => /\.[jt]sx?$/.test(f));
    const program = ts.createProgram([...files, join(out, '_shims/vue.d.ts'), join(out, '_shims/svelte.d.ts'), join(out, '_shims/elsewhere.d.ts')], config!.options);
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || d.file.fileName.startsWith(out));
    const messages = diagnostics.map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (!d.file || d.start === undefined) return text;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${where(generated.files, d.file.fileName, line + 1)}: ${text}`;
    });
    expect(messages).toEqual([]);
  }, 600_000);

  it('Svelte components pass svelte-check', () => {
    const svelte = [...generated.files.keys()].filter((f) => f.endsWith('.svelte'));
    expect(svelte.length).toBeGreaterThan(0);
    const r = spawnSync(join(root, 'e2e/node_modules/.bin/svelte-check'), ['--workspace', out, '--tsconfig', join(out, 'tsconfig.svelte.json'), '--output', 'machine'], {
      encoding: 'utf8',
    });
    const messages = r.stdout
      .split('\n')
      .map((l) => /^\d+ (ERROR|WARNING) "([^"]+)" (\d+):\d+ (.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => !!m && m[2].endsWith('.svelte'))
      .map((m) => `${where(generated.files, join(out, m[2]), Number(m[3]))}: ${m[1]} ${m[4]}`);
    // It ran to the end (findings in .ts files are the tsc test's; only .svelte ones count here).
    expect(r.stdout, r.stderr).toMatch(/COMPLETED \d+ FILES/);
    expect(messages).toEqual([]);
  }, 600_000);
});
