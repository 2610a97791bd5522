// @resto/solid as a user gets it: the packed tarballs installed with npm into a fresh
// Solid project (e2e/consumers-solid), type-checked, built for production with Vite
// and driven in Chromium against the real API server.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { ok as runOk } from './spawn';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';

const source = fileURLToPath(new URL('../consumers-solid/', import.meta.url));
const browser = useBrowser();

let dir: string;
let server: RunningServer;

const ok = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => runOk(cmd, args, { cwd: dir, env, timeout: 900_000 });
const bin = (name: string) => join(dir, 'node_modules/.bin', name);

beforeAll(async () => {
  const tarballs = await packedTarballs();
  dir = join(mkdtempSync(join(tmpdir(), 'resto-consumer-solid-')), 'app');
  cpSync(source, dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  pkg.dependencies['@resto/core'] = `file:${tarballs.core}`;
  pkg.dependencies['@resto/solid'] = `file:${tarballs['adapter-solid']}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  server = await startServer({ static: { '/solid/': join(dir, 'dist') } });
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('Vite + Solid consumer of the packed @resto/solid', () => {
  it('type-checks, builds, shows the list, toggles optimistically with one PATCH, and the header follows without another GET', async () => {
    await ok(bin('tsc'), ['-p', '.']);
    // NODE_ENV=production: vitest's NODE_ENV=test would make Vite build in development mode.
    await ok(bin('vite'), ['build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
    server.reset();
    await withPage(await browser(), 'consumer-solid', async (page) => {
      const consoleErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      page.on('pageerror', (err) => consoleErrors.push(err.message));
      page.on('response', (r) => {
        if (r.status() >= 400) consoleErrors.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${server.url}/solid/`);
      const boxes = page.locator('li input[type=checkbox]');
      await boxes.first().waitFor();
      const mine = [...server.db.todos.values()].filter((t) => t.userId === 1).sort((a, b) => a.id - b.id);
      await expect(boxes.count()).resolves.toBe(mine.length);
      await expect(page.locator('li').allTextContents()).resolves.toEqual(mine.map((t) => t.title));
      const doneBefore = mine.filter((t) => t.completed).length;
      await expect(page.locator('#done').textContent()).resolves.toBe(`${doneBefore} done`);

      const first = mine[0]!;
      const before = first.completed;
      // The PATCH is held: what the page shows now is the optimistic response.
      const release = server.holdNext({ method: 'PATCH', path: `/todos/${first.id}` });
      await boxes.first().click();
      await page.waitForFunction((was) => (document.querySelector('li input') as HTMLInputElement).checked !== was, before);
      const doneAfter = doneBefore + (before ? -1 : 1);
      await expect(page.locator('#done').textContent()).resolves.toBe(`${doneAfter} done`);
      expect(server.db.todos.get(first.id)!.completed).toBe(before);
      const answered = page.waitForResponse((r) => r.request().method() === 'PATCH');
      release();
      await answered;
      expect(server.db.todos.get(first.id)!.completed).toBe(!before);
      // The server's answer agrees: the page still shows the toggled state.
      await expect(page.locator('li input').first().isChecked()).resolves.toBe(!before);
      await expect(page.locator('#done').textContent()).resolves.toBe(`${doneAfter} done`);
      expect(server.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
      // One read of the list and none of the todo: both views came from the store.
      expect(server.requests.count('GET', '/todos', { userId: '1' })).toBe(1);
      expect(server.requests.count('GET', `/todos/${first.id}`)).toBe(0);
      expect(consoleErrors).toEqual([]);
    });
  });
});
