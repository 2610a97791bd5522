// Many tabs, one store: the web-component demo opened with `?tabs` (tab sync and a
// leader tab, @resto/core/sync) in several pages of one browser context, which share
// BroadcastChannel, IndexedDB and Web Locks like tabs of one browser profile. Request
// counts come from the server's log; waits are for DOM changes and server requests.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser } from './browser';

const appsDir = fileURLToPath(new URL('../apps/', import.meta.url));
const dist = join(appsDir, 'wc', 'dist');

let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [join(appsDir, 'build.mjs'), 'wc'], { timeout: 170_000 }).catch((err) => {
    throw new Error(`building the wc demo app failed:\n${err.stdout ?? ''}\n${err.stderr ?? err.message}`);
  });
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build of the wc app in ${dist}`);
  server = await startServer({ static: { '/wc/': dist } });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const POLL = { timeout: 10_000, interval: 25 };
const todoItem = (page: Page, id: number) => page.locator(`[data-testid="todo-item"][data-id="${id}"]`);
const count = (page: Page, id: string) => page.getByTestId(id).count();
const requests = (method: string, path: string) => server.requests.filter({ method }).filter((r) => r.path === path);
const leads = (page: Page) => page.evaluate(() => document.documentElement.dataset.tabLeader);

/** One browser context (a profile) with its pages; closed after `fn`, screenshots on failure. */
async function withTabs(name: string, fn: (context: BrowserContext, open: () => Promise<Page>) => Promise<void>) {
  const context = await (await browser()).newContext();
  const errors: string[] = [];
  const open = async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    // A loaded CI machine can take long to start a page; the waits end as soon as it is there.
    await page.goto(`${server.url}/wc/?tabs`, { timeout: 30_000 });
    await expect.poll(() => count(page, 'todo-item'), POLL).toBe(20);
    return page;
  };
  try {
    await fn(context, open);
    expect(errors).toEqual([]);
  } finally {
    await context.close().catch(() => {});
  }
}

describe('tabs share one store', () => {
  it('two pages: the second starts from what the first holds, and an edit in one shows in the other with no request', async () => {
    server.reset();
    await withTabs('two pages', async (_context, open) => {
      const a = await open();
      const b = await open();
      // B's list came from A: one list request for both pages.
      expect(requests('GET', '/todos')).toHaveLength(1);
      expect(await todoItem(b, 1).getAttribute('data-completed')).toBe('false');
      const gets = server.requests.count('GET', '/todos');
      await todoItem(a, 1).getByTestId('todo-toggle').click();
      await expect.poll(() => todoItem(b, 1).getAttribute('data-completed'), POLL).toBe('true');
      expect(requests('PATCH', '/todos/1')).toHaveLength(1);
      // Neither page asked the server again: B got A's answer.
      expect(server.requests.count('GET', '/todos')).toBe(gets);
      // And back the other way.
      await todoItem(b, 1).getByTestId('todo-toggle').click();
      await expect.poll(() => todoItem(a, 1).getAttribute('data-completed'), POLL).toBe('false');
      expect(server.requests.count('GET', '/todos')).toBe(gets);
    });
  });

  it('a pending edit shows in the other tab before the server answers, and both end in its answer', async () => {
    server.reset();
    await withTabs('pending edit', async (_context, open) => {
      const first = await open();
      const second = await open();
      const was = await todoItem(second, 2).getAttribute('data-completed');
      const release = server.holdNext({ method: 'PATCH', path: '/todos/2' });
      await todoItem(first, 2).getByTestId('todo-toggle').click();
      await expect.poll(() => server.requests.count('PATCH', '/todos/2'), POLL).toBe(1);
      // The server holds the answer: the other tab shows the guess meanwhile.
      await expect.poll(() => todoItem(second, 2).getAttribute('data-completed'), POLL).not.toBe(was);
      expect(String(server.db.todos.get(2)!.completed)).toBe(was);
      release();
      await expect.poll(() => String(server.db.todos.get(2)!.completed), POLL).not.toBe(was);
      const now = String(server.db.todos.get(2)!.completed);
      await expect.poll(() => first.evaluate(() => document.querySelectorAll('[data-testid="todo-item"][data-id="2"]').length), POLL).toBe(1);
      for (const page of [first, second]) await expect.poll(() => todoItem(page, 2).getAttribute('data-completed'), POLL).toBe(now);
      expect(server.requests.count('PATCH', '/todos')).toBe(1);
    });
  });

  it('three pages polling: one request per interval; when the leader closes, another tab leads and polling goes on', async () => {
    server.reset();
    await withTabs('three pages polling', async (_context, open) => {
      const pages = [await open(), await open(), await open()];
      await expect.poll(async () => (await Promise.all(pages.map(leads))).filter((l) => l === 'true').length, POLL).toBe(1);
      const interval = 1000;
      /** Waits for `n` more polls of /time, and returns when each arrived. */
      const nextPolls = async (n: number) => {
        const seen = requests('GET', '/time').length;
        await expect.poll(() => requests('GET', '/time').length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(seen + n);
        return requests('GET', '/time').slice(seen, seen + n).map((r) => r.at);
      };
      // Three tabs each polling every second would send three requests a second; one
      // leader sends one. Polls may come late on a busy machine, never early.
      const times = await nextPolls(5);
      expect(times[4]! - times[0]!).toBeGreaterThanOrEqual(4 * interval * 0.8);

      const leaderIndex = (await Promise.all(pages.map(leads))).indexOf('true');
      await pages[leaderIndex]!.close();
      const rest = pages.filter((_, i) => i !== leaderIndex);
      await expect.poll(async () => (await Promise.all(rest.map(leads))).filter((l) => l === 'true').length, POLL).toBe(1);
      const after = await nextPolls(4);
      expect(after[3]! - after[0]!).toBeGreaterThanOrEqual(3 * interval * 0.8);
    });
  });
});

describe('mutations queued offline survive the tab', () => {
  it('three edits queued offline, the tab closed, the app opened again online: three PATCHes in order, the UI ends in the server state', async () => {
    server.reset();
    await withTabs('offline queue', async (context, open) => {
      const page = await open();
      await context.setOffline(true);
      await expect.poll(() => page.getByTestId('offline-banner').isVisible(), POLL).toBe(true);
      for (const id of [1, 2, 3]) await todoItem(page, id).getByTestId('todo-toggle').click();
      // Shown at once (optimistic), sent nowhere.
      await expect.poll(() => todoItem(page, 3).getAttribute('data-completed'), POLL).toBe(String(!server.db.todos.get(3)!.completed));
      const before = [1, 2, 3].map((id) => server.db.todos.get(id)!.completed);
      // Saved: the queue reached storage before the tab goes (a tab that ends at once loses nothing saved).
      await expect
        .poll(() => page.evaluate(() => (document.querySelector('[data-testid="queue-size"]') as HTMLElement | null)?.dataset.size), POLL)
        .toBe('3');
      expect(server.requests.count('PATCH', '/todos')).toBe(0);
      await page.close();
      await context.setOffline(false);
      const again = await open();
      // Chromium lifts a closing page's offline emulation, and the page, still running for
      // a moment, may send its first queued PATCH as it goes (measured: it reaches the
      // server ~10 ms after close() resolved). The next tab then sends it again with the
      // same Idempotency-Key, which the server answers from its record: applied once.
      const patches = () => server.requests.filter({ method: 'PATCH' });
      const applied = () => patches().filter((r) => !r.repeat);
      await expect.poll(() => applied().length, POLL).toBe(3);
      expect(applied().map((r) => r.path)).toEqual(['/todos/1', '/todos/2', '/todos/3']);
      const keys = applied().map((r) => r.idempotencyKey);
      expect(new Set(keys).size).toBe(3);
      for (const r of patches()) if (r.repeat) expect(keys).toContain(r.idempotencyKey);
      expect(patches().length).toBeLessThanOrEqual(4);
      for (const [i, id] of [1, 2, 3].entries()) {
        await expect.poll(() => server.db.todos.get(id)!.completed, POLL).toBe(!before[i]);
        await expect.poll(() => todoItem(again, id).getAttribute('data-completed'), POLL).toBe(String(!before[i]));
      }
      await expect.poll(() => again.evaluate(() => (document.querySelector('[data-testid="queue-size"]') as HTMLElement | null)?.dataset.size), POLL).toBe('0');
    });
  });

  it('a tab closed mid-replay: the next tab sends what it left with the same Idempotency-Keys, nothing is applied twice, nothing is lost', async () => {
    server.reset();
    await withTabs('closed mid-replay', async (context, open) => {
      const first = await open();
      const second = await open();
      await context.setOffline(true);
      await expect.poll(() => first.getByTestId('offline-banner').isVisible(), POLL).toBe(true);
      const before = [1, 2, 3].map((id) => server.db.todos.get(id)!.completed);
      for (const id of [1, 2, 3]) await todoItem(first, id).getByTestId('todo-toggle').click();
      await expect
        .poll(() => first.evaluate(() => (document.querySelector('[data-testid="queue-size"]') as HTMLElement | null)?.dataset.size), POLL)
        .toBe('3');
      // The first PATCH reaches the server, which holds its answer; the tab is closed meanwhile.
      const release = server.holdNext({ method: 'PATCH', path: '/todos/1' });
      await context.setOffline(false);
      await expect.poll(() => server.requests.count('PATCH', '/todos'), POLL).toBe(1);
      await first.close();
      // The other tab takes over all three; its /todos/1 carries the first one's key.
      await expect.poll(() => server.requests.count('PATCH', '/todos/1'), POLL).toBe(2);
      release();
      await expect.poll(() => server.requests.count('PATCH', '/todos'), POLL).toBe(4);
      const patches = server.requests.filter({ method: 'PATCH' });
      expect(patches.map((r) => r.path)).toEqual(['/todos/1', '/todos/1', '/todos/2', '/todos/3']);
      expect(patches[1]!.idempotencyKey).toBe(patches[0]!.idempotencyKey);
      expect(new Set(patches.map((r) => r.idempotencyKey)).size).toBe(3);
      // Applied once each: only the repeat was answered from the stored answer.
      expect(patches.map((r) => Boolean(r.repeat))).toEqual([false, true, false, false]);
      for (const [i, id] of [1, 2, 3].entries()) {
        expect(server.db.todos.get(id)!.completed).toBe(!before[i]);
        await expect.poll(() => todoItem(second, id).getAttribute('data-completed'), POLL).toBe(String(!before[i]));
      }
      await expect.poll(() => second.evaluate(() => (document.querySelector('[data-testid="queue-size"]') as HTMLElement | null)?.dataset.size), POLL).toBe('0');
    });
  });

  it('a replay the server refuses goes to onConflict and the optimistic change is rolled back', async () => {
    server.reset();
    await withTabs('offline conflict', async (context, open) => {
      const page = await open();
      const was = await todoItem(page, 2).getAttribute('data-completed');
      await context.setOffline(true);
      await expect.poll(() => page.getByTestId('offline-banner').isVisible(), POLL).toBe(true);
      await todoItem(page, 2).getByTestId('todo-toggle').click();
      await expect.poll(() => todoItem(page, 2).getAttribute('data-completed'), POLL).not.toBe(was);
      server.failNext({ method: 'PATCH', path: '/todos/2', status: 409, message: 'Edited elsewhere' });
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('queue-conflict').textContent(), POLL).toContain('Edited elsewhere');
      expect(await page.getByTestId('queue-conflict').textContent()).toContain('Todo.getList.move');
      await expect.poll(() => todoItem(page, 2).getAttribute('data-completed'), POLL).toBe(was);
      expect(String(server.db.todos.get(2)!.completed)).toBe(was);
      expect(server.requests.count('PATCH', '/todos/2')).toBe(1);
    });
  });
});
