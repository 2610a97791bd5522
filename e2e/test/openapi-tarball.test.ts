// resto-openapi as a user gets it: @resto/core and @resto/openapi are built and
// packed as the registry would receive them, installed with npm into a fresh
// project, and `npx resto-openapi` generates from the e2e server's document. The
// output is compiled by tsc (strict, Node16 resolution, libraries checked too) and
// the compiled modules run in Node against the real server.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { ok as runOk, sh as run } from './spawn';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(repo, 'node_modules/typescript/bin/tsc');

let root: string;
let dir: string;
let tarballs: Record<string, string>;
let server: RunningServer;

// In the consumer project unless told otherwise.
type Opts = { cwd?: string; timeout?: number };
const sh = (cmd: string, args: string[], opts: Opts = {}) => run(cmd, args, { timeout: 240_000, ...opts, cwd: opts.cwd ?? dir });
const ok = (cmd: string, args: string[], opts: Opts = {}) => runOk(cmd, args, { timeout: 240_000, ...opts, cwd: opts.cwd ?? dir });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'resto-openapi-consumer-'));
  const packed = await ok(process.execPath, [join(repo, 'scripts/pack.mjs'), '--out', join(root, 'packs'), '--no-lint', '--only', 'core,openapi'], {
    cwd: repo,
  });
  tarballs = JSON.parse(packed.trim().split('\n').pop()!);
  dir = join(root, 'app');
  await ok('mkdir', ['-p', dir], { cwd: root });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'resto-openapi-consumer',
        private: true,
        type: 'module',
        dependencies: { '@resto/core': `file:${tarballs.core}` },
        devDependencies: { '@resto/openapi': `file:${tarballs.openapi}` },
      },
      null,
      2,
    ),
  );
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { timeout: 480_000 });
  copyFileSync(fileURLToPath(new URL('../server/openapi.yaml', import.meta.url)), join(dir, 'openapi.yaml'));
  writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.0.3\ninfo: { title: Bad, version: "1" }\npaths:\n  /x:\n    get: {}\n');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['DOM', 'ES2022'],
        module: 'Node16',
        moduleResolution: 'Node16',
        strict: true,
        noImplicitOverride: true,
        noUnusedLocals: true,
        skipLibCheck: false,
        types: [],
        outDir: 'build',
      },
      include: ['api'],
    }),
  );
  server = await startServer();
}, 600_000);

afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('npx resto-openapi from the packed tarball', () => {
  it('generates modules that compile under strict tsc with no errors', async () => {
    const out = await ok('npx', ['resto-openapi', 'openapi.yaml', '-o', 'api', '--import-extension', '.js', '--url-prefix', server.url]);
    expect(out).toMatch(/^resto-openapi: 20 operations -> 4 entities, 3 resources, 6 endpoints in 7 files/);
    expect(readdirSync(join(dir, 'api')).sort()).toEqual(['index.ts', 'models.ts', 'posts.ts', 'session.ts', 'todos.ts', 'users.ts', 'utility.ts']);
    const r = await sh(process.execPath, [tsc, '-p', 'tsconfig.json']);
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
    // npx and a tsc run that checks @resto/core's declarations too: minutes on a busy 2-core machine.
  }, 300_000);

  it('the compiled modules read and write through a client against the server', async () => {
    const script = `
      import { createClient } from '@resto/core';
      import { listTodos, updateTodo, Todo } from './build/index.js';
      const client = createClient();
      const todos = await client.controller.fetch(listTodos, { userId: 1 });
      const changed = await client.controller.fetch(updateTodo, { id: todos[0].id }, { title: 'From the tarball' });
      console.log(JSON.stringify({ instance: todos[0] instanceof Todo, date: todos[0].updatedAt instanceof Date, id: changed.id, title: changed.title }));
      client.destroy();
    `;
    writeFileSync(join(dir, 'run.mjs'), script);
    const out = JSON.parse((await ok(process.execPath, ['run.mjs'])).trim().split('\n').pop()!);
    expect(out).toEqual({ instance: true, date: true, id: out.id, title: 'From the tarball' });
    expect(server.db.todos.get(out.id)!.title).toBe('From the tarball');
  }, 120_000);

  it('an invalid document: exit 1, the path named, nothing written', async () => {
    const r = await sh('npx', ['resto-openapi', 'bad.yaml', '-o', 'bad-out']);
    expect(r.code).toBe(1);
    expect(r.out).toContain("#/paths/~1x/get must have required property 'responses'");
    expect(existsSync(join(dir, 'bad-out'))).toBe(false);
  }, 120_000);

  it('the tarball passes publint and arethetypeswrong', async () => {
    const r = await sh(process.execPath, ['-e', `import(${JSON.stringify(join(repo, 'scripts/pack.mjs'))}).then((m) => m.lintAll({ openapi: ${JSON.stringify(tarballs.openapi)} }))`], { cwd: repo });
    expect(r.out).toContain('lint ok: openapi');
    expect(r.code).toBe(0);
  }, 180_000);
});
