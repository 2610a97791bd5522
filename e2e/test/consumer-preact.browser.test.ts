// A Preact user's project: @resto/react from its packed tarball, with react and
// react-dom aliased to preact/compat (e2e/consumers-preact/vite.config.ts), installed
// with npm into a fresh folder, type-checked, built for production and driven in
// Chromium against the real API server.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { ok as runOk } from './spawn';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';

const app = fileURLToPath(new URL('../consumers-preact/', import.meta.url));
const browser = useBrowser();

let dir: string;
let server: RunningServer;

const ok = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => runOk(cmd, args, { timeout: 900_000, cwd: dir, env });
const bin = (name: string) => join(dir, 'node_modules/.bin', name);

beforeAll(async () => {
  const tarballs = await packedTarballs();
  dir = join(mkdtempSync(join(tmpdir(), 'resto-preact-')), 'app');
  cpSync(app, dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(dir, 'consumer.package.json'), 'utf8'));
  delete pkg.description;
  pkg.dependencies['@resto/core'] = `file:${tarballs.core}`;
  pkg.dependencies['@resto/react'] = `file:${tarballs['adapter-react']}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  rmSync(join(dir, 'consumer.package.json'));
  // No react or react-dom: @resto/react's peers are what compat stands in for.
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--legacy-peer-deps']);
  server = await startServer({ static: { '/preact/': join(dir, 'dist') } });
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('Preact + preact/compat consumer', () => {
  it('type-checks and builds for production, with no React inside', async () => {
    await ok(bin('tsc'), ['-p', '.']);
    await ok(bin('vite'), ['build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
    const assets = join(dir, 'dist/assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    // @resto/core's production messages, and React's own code absent (compat stands in).
    expect(js).toContain('/core/ERRORS.md#');
    expect(js).not.toContain('react.dev/errors');
    expect(js).not.toContain('__SECRET_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
  });

  it('shows the list, toggles one todo optimistically with one PATCH, and the done count follows without a GET', async () => {
    server.reset();
    const problems: string[] = [];
    await withPage(await browser(), 'consumer-preact', async (page) => {
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto(`${server.url}/preact/`);
      const boxes = page.locator('li input[type=checkbox]');
      await boxes.first().waitFor();
      const mine = [...server.db.todos.values()].filter((t) => t.userId === 1).sort((a, b) => a.id - b.id);
      await expect(boxes.count()).resolves.toBe(mine.length);
      await expect(page.locator('li').allTextContents()).resolves.toEqual(mine.map((t) => t.title));
      const done = mine.filter((t) => t.completed).length;
      await expect(page.locator('#done').textContent()).resolves.toBe(`${done} done`);

      const first = mine[0]!;
      const before = await boxes.first().isChecked();
      expect(before).toBe(first.completed);
      // The server holds the PATCH: what shows meanwhile is the optimistic answer.
      const release = server.holdNext({ method: 'PATCH', path: `/todos/${first.id}` });
      await boxes.first().click();
      await page.waitForFunction((was) => (document.querySelector('li input') as HTMLInputElement).checked !== was, before);
      const after = `${done + (before ? -1 : 1)} done`;
      await page.waitForFunction((text) => document.getElementById('done')!.textContent === text, after);
      expect(server.db.todos.get(first.id)!.completed).toBe(before);
      release();
      await expect.poll(() => server.db.todos.get(first.id)!.completed, { timeout: 20_000 }).toBe(!before);
      await page.waitForFunction(() => document.querySelectorAll('li').length > 0);
      expect(await boxes.first().isChecked()).toBe(!before);
      await expect(page.locator('#done').textContent()).resolves.toBe(after);
      expect(server.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
      // One read of the list for both views: the change came from the optimistic answer and the PATCH response.
      expect(server.requests.count('GET', '/todos', { userId: '1' })).toBe(1);
    });
    expect(problems).toEqual([]);
  });
});
