// @resto/lit as a user gets it: the packed tarballs installed with npm into a fresh
// project (e2e/consumers-lit), type-checked, built for production with Vite and
// driven in Chromium against the real API server.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';
import { ok as runOk } from './spawn';

const source = fileURLToPath(new URL('../consumers-lit/', import.meta.url));
const browser = useBrowser();

let dir: string;
let server: RunningServer;
const ok = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => runOk(cmd, args, { cwd: dir, env, timeout: 900_000 });

beforeAll(async () => {
  const tarballs = await packedTarballs();
  dir = join(mkdtempSync(join(tmpdir(), 'resto-consumer-lit-')), 'app');
  cpSync(source, dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(dir, 'consumer.package.json'), 'utf8'));
  delete pkg.description;
  pkg.dependencies['@resto/core'] = `file:${tarballs.core}`;
  pkg.dependencies['@resto/lit'] = `file:${tarballs['adapter-lit']}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  rmSync(join(dir, 'consumer.package.json'));
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  server = await startServer({ static: { '/lit/': join(dir, 'dist') } });
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('Vite + Lit, from the packed tarballs', () => {
  it('type-checks, builds for production, lists the todos, toggles one optimistically and the done count follows without a refetch', async () => {
    await ok(join(dir, 'node_modules/.bin/tsc'), ['-p', '.']);
    // NODE_ENV=production: vitest's NODE_ENV=test would make Vite build in development mode.
    await ok(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
    const assets = join(dir, 'dist/assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    // Core's production build (short messages with an error code) and Lit's (no dev-mode notice).
    expect(js).toContain('/core/ERRORS.md#');
    expect(js).not.toContain('Lit is in dev mode');

    server.reset();
    const mine = [...server.db.todos.values()].filter((t) => t.userId === 1).sort((a, b) => a.id - b.id);
    const first = mine[0]!;
    await withPage(await browser(), 'consumer-lit', async (page) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      await page.goto(`${server.url}/lit/`);
      const boxes = page.locator('todo-list li input[type=checkbox]');
      await boxes.first().waitFor();
      await expect(boxes.count()).resolves.toBe(mine.length);
      await expect(page.locator('todo-list li').first().textContent()).resolves.toContain(first.title);
      const done = async () => Number(await page.locator('done-count output').textContent());
      const doneBefore = await done();
      expect(doneBefore).toBe(mine.filter((t) => t.completed).length);
      const before = await boxes.first().isChecked();
      expect(before).toBe(first.completed);

      // The server holds the PATCH: what the page shows now is the optimistic update.
      const release = server.holdNext({ method: 'PATCH', path: `/todos/${first.id}` });
      await boxes.first().click();
      await page.waitForFunction(
        (was) => (document.querySelector('todo-app')!.shadowRoot!.querySelector('todo-list')!.shadowRoot!.querySelector('li input') as HTMLInputElement).checked !== was,
        before,
      );
      await page.waitForFunction(
        (n) => Number(document.querySelector('todo-app')!.shadowRoot!.querySelector('done-count')!.shadowRoot!.querySelector('output')!.textContent) === n,
        before ? doneBefore - 1 : doneBefore + 1,
      );
      expect(server.db.todos.get(first.id)!.completed).toBe(before);
      release();

      await expect.poll(() => server.db.todos.get(first.id)!.completed).toBe(!before);
      await expect.poll(() => server.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
      await expect(boxes.first().isChecked()).resolves.toBe(!before);
      await expect(done()).resolves.toBe(before ? doneBefore - 1 : doneBefore + 1);
      // One read of the list: the count changed from the store, not from another GET.
      expect(server.requests.count('GET', '/todos', { userId: '1' })).toBe(1);
      expect(server.requests.count('GET', '/todos')).toBe(1);
      expect(problems).toEqual([]);
    });
  });
});
