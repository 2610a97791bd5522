// Resto as a user gets it: the packages are built and packed as the registry would
// receive them, linted (publint, attw), installed with npm (no workspace links)
// into a fresh project, and every consumer in e2e/consumers/ is type-checked,
// built and run: plain Node, two TypeScript setups, and Vite apps in React, Vue
// and Svelte driven in Chromium against the real server.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { ok as runOk, sh as run } from './spawn';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const consumers = fileURLToPath(new URL('../consumers/', import.meta.url));
const browser = useBrowser();

let dir: string;
let tarballs: Record<string, string>;
let server: RunningServer;

// In the consumer project unless told otherwise.
type Opts = { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number };
const sh = (cmd: string, args: string[], opts: Opts = {}) => run(cmd, args, { timeout: 900_000, ...opts, cwd: opts.cwd ?? dir });
const ok = (cmd: string, args: string[], opts: Opts = {}) => runOk(cmd, args, { timeout: 900_000, ...opts, cwd: opts.cwd ?? dir });

const bin = (name: string) => join(dir, 'node_modules/.bin', name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resto-consumer-'));
  tarballs = await packedTarballs();
  cpSync(consumers, join(dir, 'app'), { recursive: true });
  dir = join(dir, 'app');
  const pkg = JSON.parse(readFileSync(join(dir, 'consumer.package.json'), 'utf8'));
  delete pkg.description;
  for (const [folder, name] of [
    ['core', '@resto/core'],
    ['adapter-react', '@resto/react'],
    ['adapter-vue', '@resto/vue'],
    ['adapter-svelte', '@resto/svelte'],
    ['devtools', '@resto/devtools'],
  ]) {
    pkg.dependencies[name] = `file:${tarballs[folder]}`;
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  rmSync(join(dir, 'consumer.package.json'));
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { timeout: 900_000 });
  server = await startServer({
    static: {
      '/react/': join(dir, 'react/dist'),
      '/vue/': join(dir, 'vue/dist'),
      '/svelte/': join(dir, 'svelte/dist'),
      '/nobundler/': join(dir, 'nobundler'),
      '/node_modules/': join(dir, 'node_modules'),
    },
  });
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('hold built output, README and LICENSE only', async () => {
    for (const tgz of Object.values(tarballs)) {
      const files = (await ok('tar', ['tzf', tgz])).trim().split('\n');
      expect(files).toContain('package/README.md');
      expect(files).toContain('package/LICENSE');
      expect(files).toContain('package/dist/index.js');
      expect(files).toContain('package/dist/index.d.ts');
      const other = files.filter((f) => !/^package\/(dist\/.*|README\.md|LICENSE|package\.json)$/.test(f));
      expect(other).toEqual([]);
      const manifest = JSON.parse(await ok('tar', ['xzOf', tgz, 'package/package.json']));
      expect(JSON.stringify(manifest.exports)).not.toContain('src/');
      expect(JSON.stringify(manifest.dependencies ?? {})).not.toContain('workspace:');
      expect(manifest.license).toBe('MIT');
      expect(manifest.repository.url).toMatch(/^git\+https:/);
    }
  });

  it('pass publint and arethetypeswrong', async () => {
    const r = await sh(process.execPath, ['-e', `import(${JSON.stringify(join(repo, 'scripts/pack.mjs'))}).then((m) => m.lintAll(${JSON.stringify(tarballs)}))`], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.out.match(/lint ok/g)).toHaveLength(Object.keys(tarballs).length);
  });
});

describe('consumers', () => {
  it('plain Node ESM: resource, createClient().observe(), a mutation', async () => {
    const out = await ok(process.execPath, ['node/app.mjs'], { env: { API_URL: server.url } });
    const result = JSON.parse(out.trim().split('\n').pop()!);
    const stored = server.db.todos.get(result.toggled.id)!;
    expect(result).toEqual({
      firstIsTodo: true,
      toggled: { id: result.toggled.id, completed: stored.completed },
      updates: 2,
      time: 'string',
    });
    expect(server.requests.count('PATCH', '/todos')).toBe(1);
  });

  it('plain Node ESM: development messages unless NODE_ENV is production, then a short one with an error code', async () => {
    const script = "import('@resto/core').then(({ resource, Entity }) => { try { resource({ path: '/todos', schema: class extends Entity {} }) } catch (e) { console.log(e.message) } })";
    const dev = await ok(process.execPath, ['--input-type=module', '-e', script]);
    expect(dev.trim()).toBe("resource(/todos): the path needs at least one :parameter or *wildcard naming the item, e.g. '/todos/:id'");
    const prod = await ok(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production' } });
    expect(prod.trim()).toBe('resource(/todos): no :parameter (Resto error 9: https://github.com/resto-js/resto/blob/main/core/ERRORS.md#9)');
  });

  it('plain Node ESM: @resto/devtools imports without a DOM and records a fetch', async () => {
    writeFileSync(
      join(dir, 'node/devtools.mjs'),
      [
        `import { createClient, getDefaultManagers, resource, Entity } from '@resto/core';`,
        `import { DevtoolsManager } from '@resto/devtools';`,
        `class Todo extends Entity { id = 0; title = ''; static key = 'Todo'; }`,
        `const TodoResource = resource({ urlPrefix: process.env.API_URL, path: '/todos/:id', schema: Todo });`,
        `const devtools = new DevtoolsManager();`,
        `const client = createClient({ managers: [devtools, ...getDefaultManagers()] });`,
        `await client.controller.fetch(TodoResource.get, { id: 1 });`,
        `const last = devtools.timeline.at(-1);`,
        `console.log(JSON.stringify({ kinds: devtools.timeline.map((e) => e.kind), added: last.diff.entities.map((c) => c.kind + ' ' + c.entityKey + ' ' + c.pk), requests: devtools.totals.requests }));`,
        `client.destroy();`,
      ].join('\n'),
    );
    const out = await ok(process.execPath, ['node/devtools.mjs'], { env: { API_URL: server.url } });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ kinds: ['fetch', 'set'], added: ['added Todo 1'], requests: 1 });
  });

  it('plain Node ESM: @resto/core/persist saves, and a second client restores with no request', async () => {
    writeFileSync(
      join(dir, 'node/persist.mjs'),
      [
        `import { createClient, getDefaultManagers, resource, Entity } from '@resto/core';`,
        `import { PersistManager, webStorage } from '@resto/core/persist';`,
        `class Todo extends Entity { id = 0; title = ''; static key = 'Todo'; }`,
        `const TodoResource = resource({ urlPrefix: process.env.API_URL, path: '/todos/:id', schema: Todo });`,
        `const saved = new Map();`,
        `const storage = webStorage({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => saved.set(k, v), removeItem: (k) => saved.delete(k) });`,
        `const start = () => { const persist = new PersistManager({ storage, buster: 'v1' }); return { persist, client: createClient({ managers: [persist, ...getDefaultManagers()] }) }; };`,
        `const first = start();`,
        `await first.client.controller.fetch(TodoResource.get, { id: 1 });`,
        `first.client.destroy();`,
        `await first.persist.flush();`,
        `const second = start();`,
        `await second.persist.restored;`,
        `const todo = second.client.controller.getResponse(TodoResource.get, { id: 1 }, second.client.getSnapshot()).data;`,
        `console.log(JSON.stringify({ isTodo: todo instanceof Todo, id: todo.id }));`,
        `second.client.destroy();`,
      ].join('\n'),
    );
    const before = server.requests.count('GET', '/todos/1');
    const out = await ok(process.execPath, ['node/persist.mjs'], { env: { API_URL: server.url } });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ isTodo: true, id: 1 });
    // Only the first client asked; the second showed what the first saved.
    expect(server.requests.count('GET', '/todos/1') - before).toBe(1);
  });

  for (const setup of ['bundler', 'node16']) {
    const tsconfig = `typed/tsconfig.${setup}.json`;
    it(`TypeScript (${setup}): types check, the compiled output runs`, async () => {
      await ok(bin('tsc'), ['-p', tsconfig]);
      const out = await ok(process.execPath, [`typed/dist-${setup}/index.js`], { env: { API_URL: server.url } });
      const first = [...server.db.todos.values()].find((t) => t.id === 1)!;
      expect(JSON.parse(out.trim())).toEqual({
        title: first.title,
        isTodo: true,
        key: 'Todo',
        count: server.db.todos.size,
      });
    });

    it(`TypeScript (${setup}): a wrong path param is a type error that names it`, async () => {
      writeFileSync(
        join(dir, 'typed', `wrong-${setup}.ts`),
        `import { RestEndpoint } from '@resto/core';\n` +
          `const getTodo = new RestEndpoint({ path: '/todos/:id' });\n` +
          `getTodo({ todoId: 1 });\nexport {};\n`,
      );
      writeFileSync(
        join(dir, 'typed', `tsconfig.wrong-${setup}.json`),
        JSON.stringify({ extends: `./tsconfig.${setup}.json`, include: [`wrong-${setup}.ts`], compilerOptions: { noEmit: true } }),
      );
      const r = await sh(bin('tsc'), ['-p', `typed/tsconfig.wrong-${setup}.json`]);
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/wrong-\w+\.ts\(3,\d+\): error TS\d+: .*todoId/);
    });
  }

  const apps = {
    react: () => ok(bin('tsc'), ['-p', 'react']),
    vue: () => ok(bin('vue-tsc'), ['-p', 'vue']),
    svelte: () => ok(bin('svelte-check'), ['--tsconfig', 'svelte/tsconfig.json', '--fail-on-warnings']),
  };
  for (const [app, typecheck] of Object.entries(apps)) {
    it(`Vite + ${app}: type-checks, builds, reads with useSuspense and mutates with useController().fetch`, async () => {
      await typecheck();
      // NODE_ENV=production: vitest's NODE_ENV=test would make Vite build in development mode.
      await ok(bin('vite'), ['build', app, '--config', `${app}/vite.config.ts`, '--logLevel', 'warn'], { env: { NODE_ENV: 'production' } });
      // A production build picks @resto/core's production answer: the long development
      // explanations are gone, and the short messages carry an error code.
      const assets = join(dir, app, 'dist/assets');
      const js = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
      expect(js).toContain('/core/ERRORS.md#');
      expect(js).not.toContain('the default searchToString sends');
      expect(js).not.toContain('binary and text responses are not normalized');
      server.reset();
      await withPage(await browser(), `consumer-${app}`, async (page) => {
        await page.goto(`${server.url}/${app}/`);
        const boxes = page.locator('li input[type=checkbox]');
        await boxes.first().waitFor();
        const mine = [...server.db.todos.values()].filter((t) => t.userId === 1);
        await expect(boxes.count()).resolves.toBe(mine.length);
        const first = mine.sort((a, b) => a.id - b.id)[0]!;
        const before = await boxes.first().isChecked();
        expect(before).toBe(first.completed);
        await boxes.first().click();
        await page.waitForFunction((was) => (document.querySelector('li input') as HTMLInputElement).checked !== was, before);
        expect(server.db.todos.get(first.id)!.completed).toBe(!before);
        expect(server.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
        // One read of the list: the change came from the PATCH response, not a refetch.
        expect(server.requests.count('GET', '/todos', { userId: '1' })).toBe(1);
      });
    });
  }
});

// Development-only texts the typical React app carries in a development build.
const DEV_TEXTS = ['the default searchToString sends', 'binary and text responses are not normalized', 'the path needs at least one', 'render this component inside'];

describe('production builds without export conditions', () => {
  it('esbuild, Rollup, webpack and Vite with only process.env.NODE_ENV defined drop every development message', async () => {
    const files: Record<string, string> = JSON.parse((await ok(process.execPath, ['bundlers/build.mjs'])).trim().split('\n').pop()!);
    expect(Object.keys(files).sort()).toEqual(['esbuild', 'esbuild-production-condition', 'rollup', 'vite', 'webpack']);
    for (const [bundler, file] of Object.entries(files)) {
      const js = readFileSync(file, 'utf8');
      // The app's code is there (its short production messages carry an error code)...
      expect(js, bundler).toContain('/core/ERRORS.md#');
      // ...and none of the long texts, nor a run-time NODE_ENV lookup that would keep them.
      for (const text of DEV_TEXTS) expect(js, `${bundler} keeps "${text}"`).not.toContain(text);
      expect(js, bundler).not.toMatch(/globalThis\.process/);
    }
    // Plain esbuild (no conditions) gives the very bundle the `production` condition gives.
    expect(readFileSync(files.esbuild!, 'utf8')).toBe(readFileSync(files['esbuild-production-condition']!, 'utf8'));
  });

  it('a page with no bundler loads the ESM build through an import map and reads a list', async () => {
    server.reset();
    await withPage(await browser(), 'consumer-nobundler', async (page) => {
      await page.goto(`${server.url}/nobundler/`);
      await page.locator('#todos li').first().waitFor();
      const mine = [...server.db.todos.values()].filter((t) => t.userId === 1);
      await expect(page.locator('#todos li').count()).resolves.toBe(mine.length);
      expect(server.requests.count('GET', '/todos', { userId: '1' })).toBe(1);
    });
  });
});
