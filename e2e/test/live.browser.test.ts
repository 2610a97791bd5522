// Live data in real Chromium: the web-component demo opened with `?tabs&live` in
// several pages of one browser context (tabs of one profile: they share
// BroadcastChannel and Web Locks). Only the leading tab holds the server's /live
// stream; changes made by another user (API calls from this test, not through a page)
// reach every tab with no request from any of them; when the leader closes, another
// tab takes the stream over. Waits are for server counts and DOM changes.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { screenshotPath, useBrowser } from './browser';

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
const HANDOVER = { timeout: 30_000, interval: 50 };
const todoItem = (page: Page, id: number) => page.locator(`[data-testid="todo-item"][data-id="${id}"]`);
const titleOf = (page: Page, id: number) => todoItem(page, id).getByTestId('todo-title').textContent();
const leads = (page: Page) => page.evaluate(() => document.documentElement.dataset.tabLeader);
const liveStatus = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="live-status"]');
    return el ? { status: el.dataset.status, reason: el.dataset.reason, lastEvent: el.dataset.lastEvent, text: el.textContent } : null;
  });
/** Reads of todos (the lists and single todos) that reached the server. */
const todoGets = () => server.requests.filter({ method: 'GET', path: '/todos' }).length;

/** A change by another user: straight to the API, not through any page. */
async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 204 ? undefined : ((await res.json()) as { id: number });
}

/** Tabs of one browser profile, opened one after the other; closed after `fn`, a screenshot on failure. */
async function withTabs(name: string, fn: (open: () => Promise<Page>) => Promise<void>) {
  const context = await (await browser()).newContext();
  const errors: string[] = [];
  const pages: Page[] = [];
  const open = async () => {
    const page = await context.newPage();
    pages.push(page);
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${name}: console: ${m.text()}`);
    });
    await page.goto(`${server.url}/wc/?tabs&live`, { timeout: 30_000 });
    await expect.poll(() => todoItem(page, 20).count(), POLL).toBe(1);
    await expect.poll(async () => (await liveStatus(page)) !== null, POLL).toBe(true);
    return page;
  };
  try {
    await fn(open);
    expect(errors).toEqual([]);
  } catch (err) {
    for (const [i, page] of pages.entries()) if (!page.isClosed()) await page.screenshot({ path: screenshotPath(`live-${name}-${i}`) }).catch(() => {});
    throw err;
  } finally {
    await context.close().catch(() => {});
  }
}

/** Waits until exactly one of `pages` leads and shows the stream open, the others following it. */
async function settled(pages: Page[], wait = POLL): Promise<Page> {
  await expect.poll(async () => (await Promise.all(pages.map(leads))).filter((l) => l === 'true').length, wait).toBe(1);
  const leader = pages[(await Promise.all(pages.map(leads))).indexOf('true')]!;
  await expect.poll(async () => (await liveStatus(leader))?.status, wait).toBe('open');
  for (const page of pages) if (page !== leader) await expect.poll(async () => (await liveStatus(page))?.reason, wait).toBe('follower');
  return leader;
}

/** A fresh server state, and no stream left open by an earlier test's closed tabs. */
async function fresh() {
  server.reset();
  await expect.poll(() => server.live.count(), POLL).toBe(0);
}

describe('live data across tabs', () => {
  it('two and then three tabs hold one connection at the server, shown open in the leader', async () => {
    await fresh();
    const before = server.live.opened();
    await withTabs('one connection', async (open) => {
      const pages = [await open(), await open()];
      const leader = await settled(pages);
      expect(server.live.count()).toBe(1);
      expect(server.live.opened()).toBe(before + 1);
      expect((await liveStatus(leader))!.text).toBe('Live: open');
      expect((await liveStatus(pages.find((p) => p !== leader)!))!.text).toBe('Live: through the leading tab');

      pages.push(await open());
      expect(await settled(pages)).toBe(leader);
      expect(server.live.count()).toBe(1);
      expect(server.live.opened()).toBe(before + 1);
    });
  });

  it("another user's create, edit and delete, and an add in one tab, appear in every tab without a request from any of them", async () => {
    await fresh();
    await withTabs('pushed edits', async (open) => {
      const pages = [await open(), await open(), await open()];
      const leader = await settled(pages);
      const gets = todoGets();

      await api('PATCH', '/todos/3', { title: 'Edited by someone else', completed: true });
      for (const page of pages) {
        await expect.poll(() => titleOf(page, 3), POLL).toBe('Edited by someone else');
        expect(await todoItem(page, 3).getAttribute('data-completed')).toBe('true');
      }
      const created = (await api('POST', '/todos', { title: 'Made elsewhere', userId: 2 }))!;
      for (const page of pages) await expect.poll(() => titleOf(page, created.id), POLL).toBe('Made elsewhere');
      await api('DELETE', '/todos/5');
      for (const page of pages) await expect.poll(() => todoItem(page, 5).count(), POLL).toBe(0);
      // A todo added in a following tab reaches the others too (through the store and the stream).
      const follower = pages.find((p) => p !== leader)!;
      await follower.getByTestId('todo-new-title').fill('Added in a tab');
      await follower.getByTestId('todo-add').click();
      await expect.poll(() => [...server.db.todos.values()].some((t) => t.title === 'Added in a tab'), POLL).toBe(true);
      const added = [...server.db.todos.values()].find((t) => t.title === 'Added in a tab')!;
      for (const page of pages) await expect.poll(() => todoItem(page, added.id).count(), POLL).toBe(1);

      // Every tab shows the server's list, and none asked for it.
      const titles = [...server.db.todos.values()].sort((a, b) => a.id - b.id).map((t) => t.title);
      for (const page of pages) expect(await page.getByTestId('todo-title').allTextContents()).toEqual(titles);
      expect(todoGets()).toBe(gets);
      // The leader's status line tells when the last change came.
      const status = (await liveStatus(leader))!;
      expect(status.status).toBe('open');
      expect(Number(status.lastEvent)).toBeGreaterThan(0);
      expect(status.text).toBe(`Live: open, last change ${new Date(Number(status.lastEvent)).toISOString().slice(11, 19)}`);
      expect(server.live.count()).toBe(1);
    });
  });

  it('closing the leader tab hands the connection to another tab, and later edits still reach every tab', async () => {
    await fresh();
    await withTabs('leader closes', async (open) => {
      const pages = [await open(), await open(), await open()];
      const leader = await settled(pages);
      const opened = server.live.opened();
      await leader.close();
      const rest = pages.filter((p) => p !== leader);
      // The old stream ends and a new leader opens one: one open again. A loaded machine may
      // take a while to hand the lock over, so the wait is longer (it ends as soon as it happened).
      await expect.poll(() => server.live.opened(), HANDOVER).toBeGreaterThan(opened);
      await expect.poll(() => server.live.count(), HANDOVER).toBe(1);
      await settled(rest, HANDOVER);

      await api('PATCH', '/todos/7', { title: 'After the handover' });
      for (const page of rest) await expect.poll(() => titleOf(page, 7), HANDOVER).toBe('After the handover');
      const created = (await api('POST', '/todos', { title: 'Also after it' }))!;
      for (const page of rest) await expect.poll(() => titleOf(page, created.id), POLL).toBe('Also after it');
      expect(server.live.count()).toBe(1);
    });
  });
});
