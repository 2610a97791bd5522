// @resto/angular as an Angular user gets it: the packed tarballs installed with npm
// into a fresh Angular project (e2e/consumers-angular), type-checked, built for
// production by the Angular CLI (`ng build`, AOT with strict templates) and driven
// in Chromium against the real API server: one list, an optimistic toggle, and a
// header that counts done todos from the same entities.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';
import { ok } from './spawn';

const source = fileURLToPath(new URL('../consumers-angular/', import.meta.url));
const browser = useBrowser();

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  const tarballs = await packedTarballs();
  dir = join(mkdtempSync(join(tmpdir(), 'resto-consumer-angular-')), 'app');
  cpSync(source, dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(dir, 'consumer.package.json'), 'utf8'));
  delete pkg.description;
  pkg.dependencies['@resto/core'] = `file:${tarballs.core}`;
  pkg.dependencies['@resto/angular'] = `file:${tarballs['adapter-angular']}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  rmSync(join(dir, 'consumer.package.json'));
  await ok('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 900_000 });
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('Angular consumer (packed @resto/angular)', () => {
  it('type-checks and builds for production with the Angular CLI', async () => {
    await ok(join(dir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit'], { cwd: dir });
    await ok(join(dir, 'node_modules/.bin/ng'), ['build'], { cwd: dir, env: { NG_CLI_ANALYTICS: 'false', NODE_ENV: 'production' } });
    const js = readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.js'));
    const bundle = js.map((f) => readFileSync(join(dir, 'dist', f), 'utf8')).join('\n');
    // core's production build: short messages with an error code, no development texts.
    expect(bundle).toContain('/core/ERRORS.md#');
    expect(bundle).not.toContain('the path needs at least one');
    server = await startServer({ static: { '/angular/': join(dir, 'dist') } });
  }, 900_000);

  it('shows the list, toggles optimistically with one PATCH, and the header follows without a GET', async () => {
    expect(server, 'the build above must have succeeded').toBeDefined();
    await withPage(await browser(), 'consumer-angular', async (page) => {
      const problems: string[] = [];
      page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
      page.on('pageerror', (err) => problems.push(err.message));
      await page.goto(`${server.url}/angular/`);
      const boxes = page.locator('li input[type=checkbox]');
      await boxes.first().waitFor();
      const mine = [...server.db.todos.values()].filter((t) => t.userId === 1).sort((a, b) => a.id - b.id);
      await expect(boxes.count()).resolves.toBe(mine.length);
      await expect(page.locator('li').first().textContent()).resolves.toContain(mine[0]!.title);
      const done = mine.filter((t) => t.completed).length;
      await expect(page.locator('#done').textContent()).resolves.toBe(String(done));

      const first = mine[0]!;
      const before = first.completed;
      await expect(boxes.first().isChecked()).resolves.toBe(before);
      // The PATCH waits at the server: what the page shows meanwhile is the optimistic guess.
      const release = server.holdNext({ method: 'PATCH', path: `/todos/${first.id}` });
      await boxes.first().click();
      await page.waitForFunction((was) => (document.querySelector('li input') as HTMLInputElement).checked !== was, before);
      await page.waitForFunction((n) => document.querySelector('#done')?.textContent === n, String(before ? done - 1 : done + 1));
      expect(server.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
      expect(server.db.todos.get(first.id)!.completed).toBe(before);
      release();
      await expect.poll(() => server.db.todos.get(first.id)!.completed).toBe(!before);
      // The server's answer agrees with the guess: the page stays as it was.
      await expect(boxes.first().isChecked()).resolves.toBe(!before);
      await expect(page.locator('#done').textContent()).resolves.toBe(String(before ? done - 1 : done + 1));
      // One GET in all (the list): the header and the row changed from the PATCH, not a refetch.
      expect(server.requests.count('GET', '/todos')).toBe(1);
      expect(server.requests.count('PATCH', '/todos')).toBe(1);
      expect(problems).toEqual([]);
    });
  });
});
