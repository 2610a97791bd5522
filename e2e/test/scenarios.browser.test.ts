// One scenario list, four demo apps (web component, React, Vue, Svelte), real
// Chromium, real server. The apps share e2e/apps/shared/api.ts and the same
// data-testids, so every scenario reads the same in every app. Request counts
// come from the server's log: they prove dedupe and "no refetch".
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser, withPage } from './browser';

const ALL_APPS = ['wc', 'react', 'vue', 'svelte'] as const;
type AppName = (typeof ALL_APPS)[number];
// E2E_APPS=wc,react narrows the run while working on one app (default: all four).
const APPS = process.env.E2E_APPS ? ALL_APPS.filter((a) => process.env.E2E_APPS!.split(',').includes(a)) : ALL_APPS;

const appsDir = fileURLToPath(new URL('../apps/', import.meta.url));
const distOf = (app: AppName) => join(appsDir, app, 'dist');

let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  // Build once, in a child process (vite's build must not run inside the test
  // runner's own vite); up-to-date apps are skipped in a few milliseconds.
  await promisify(execFile)(process.execPath, [join(appsDir, 'build.mjs'), ...APPS], { timeout: 170_000 }).catch((err) => {
    throw new Error(`building the demo apps failed:\n${err.stdout ?? ''}\n${err.stderr ?? err.message}`);
  });
  for (const app of APPS) {
    if (!existsSync(join(distOf(app), 'index.html'))) throw new Error(`no build of the ${app} app in ${distOf(app)}`);
  }
  server = await startServer({ static: Object.fromEntries(APPS.map((a) => [`/${a}/`, distOf(a)])) });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

// ---- helpers ---------------------------------------------------------------

/** Requests that reached the server for exactly this path (and query, when given). */
function requests(method: string, path: string, query?: Record<string, string>) {
  return server.requests
    .filter({ method })
    .filter((r) => r.path === path && (query === undefined || JSON.stringify(r.query) === JSON.stringify(query)));
}

// Generous: CI machines are shared; a passing poll returns as soon as it matches.
const POLL = { timeout: 20_000, interval: 25 };
const byId = (page: Page, id: string) => page.getByTestId(id);
const todoItem = (page: Page, id: number) => page.locator(`[data-testid="todo-item"][data-id="${id}"]`);
const count = (page: Page, id: string) => page.getByTestId(id).count();
const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();
const completedOf = (page: Page, id: number) => todoItem(page, id).getAttribute('data-completed');

/** Opens the app on a fresh server state and waits for the first screen. */
async function open(page: Page, app: AppName) {
  server.reset();
  await page.goto(`${server.url}/${app}/`);
  await expect.poll(() => count(page, 'todo-item'), POLL).toBe(20);
}

async function logInAs(page: Page, username: string) {
  await byId(page, 'login-username').fill(username);
  await byId(page, 'login-password').fill('resto');
  await byId(page, 'login-submit').click();
}

const todoTitle = (page: Page, id: number) => todoItem(page, id).getByTestId('todo-title').textContent();

/**
 * Makes the page hidden or visible as a tab switch does (headless Chromium has no
 * other tab to switch to): the visibility state and its event.
 */
async function setVisible(page: Page, visible: boolean) {
  await page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/** In the page: does the PersistManager's IndexedDB (database and store 'resto'/'persist') hold a snapshot with `needle` in it? */
const PERSISTED_PROBE = async (needle: string): Promise<boolean> => {
  // Listing first: opening a database that does not exist yet would create it without its store.
  if (!(await indexedDB.databases()).some((d) => d.name === 'resto')) return false;
  return new Promise<boolean>((resolve) => {
    const req = indexedDB.open('resto');
    req.onerror = () => resolve(false);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('persist')) return (db.close(), resolve(false));
      const get = db.transaction('persist').objectStore('persist').get('resto');
      get.onsuccess = () => (db.close(), resolve(typeof get.result === 'string' && get.result.includes(needle)));
      get.onerror = () => (db.close(), resolve(false));
    };
  });
};

/** Resolves once the demo client's PersistManager has saved a store holding `needle` (IndexedDB). */
async function persisted(page: Page, needle: string) {
  await expect.poll(() => page.evaluate(PERSISTED_PROBE, needle), POLL).toBe(true);
}

function scenario(app: AppName, name: string, fn: (page: Page) => Promise<void>, timeout?: number) {
  it(name, async () => {
    await withPage(await browser(), `${app}-${name}`, fn);
  }, timeout);
}

// ---- the scenario list -----------------------------------------------------

for (const app of APPS) {
  describe(`${app} app`, () => {
    scenario(app, 'load: todos, count, posts with nested authors, server time', async (page) => {
      await open(page, app);
      expect(await text(page, 'app-name')).toBe(app);
      expect(await todoItem(page, 1).getByTestId('todo-title').textContent()).toBe('Buy milk');
      expect(await completedOf(page, 3)).toBe('true');
      expect(await text(page, 'todo-count')).toBe('20');
      await expect.poll(() => count(page, 'post-item'), POLL).toBe(5);
      // Nested author and comments came normalized out of one GET /posts.
      expect(await page.getByTestId('post-author').first().textContent()).toBe('Alice Archer');
      expect(await page.getByTestId('post-comments').first().textContent()).toBe('2 comments');
      await expect.poll(() => text(page, 'server-time'), POLL).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(requests('GET', '/posts')).toHaveLength(1);
    });

    scenario(app, 'dedupe: list and counter read one key with one request', async (page) => {
      await open(page, app);
      // TodoList and TodoCount are two components reading getList({}).
      expect(await text(page, 'todo-count')).toBe('20');
      expect(requests('GET', '/todos')).toHaveLength(1);
      await byId(page, 'filter-open').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(14);
      expect(await text(page, 'todo-count')).toBe('14');
      expect(requests('GET', '/todos', { completed: 'false' })).toHaveLength(1);
    });

    scenario(app, 'filter: all / open / done via getList args', async (page) => {
      await open(page, app);
      await byId(page, 'filter-done').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(6);
      expect(await page.locator('[data-testid="todo-item"][data-completed="false"]').count()).toBe(0);
      expect(await byId(page, 'filter-done').getAttribute('aria-pressed')).toBe('true');
      await byId(page, 'filter-open').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(14);
      expect(await page.locator('[data-testid="todo-item"][data-completed="true"]').count()).toBe(0);
      await byId(page, 'filter-all').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(20);
      expect(requests('GET', '/todos', { completed: 'true' })).toHaveLength(1);
      expect(requests('GET', '/todos', { completed: 'false' })).toHaveLength(1);
      // Back to "all": still fresh in the store, no second request.
      expect(requests('GET', '/todos', {})).toHaveLength(1);
    });

    scenario(app, 'add: getList.push appends the created todo', async (page) => {
      await open(page, app);
      await byId(page, 'todo-new-title').fill('Write e2e tests');
      await byId(page, 'todo-add').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(21);
      // The server's answer (id 21) replaces the optimistic row.
      await expect.poll(() => todoItem(page, 21).getByTestId('todo-title').textContent(), POLL).toBe('Write e2e tests');
      expect(await page.getByTestId('todo-title').last().textContent()).toBe('Write e2e tests');
      expect(await text(page, 'todo-count')).toBe('21');
      expect(requests('POST', '/todos')).toHaveLength(1);
      expect(server.db.todos.get(21)?.title).toBe('Write e2e tests');
      // The open list was never fetched: pushing did not need it, so no GET.
      expect(requests('GET', '/todos')).toHaveLength(1);
      await byId(page, 'filter-open').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(15);
      expect(await todoItem(page, 21).count()).toBe(1);
    });

    scenario(app, 'toggle: getList.move takes the todo out of the open list', async (page) => {
      await open(page, app);
      await byId(page, 'filter-open').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(14);
      await todoItem(page, 1).getByTestId('todo-toggle').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(13);
      expect(await todoItem(page, 1).count()).toBe(0);
      await expect.poll(() => server.db.todos.get(1)?.completed, POLL).toBe(true);
      expect(requests('PATCH', '/todos/1')).toHaveLength(1);
      // The "all" list was updated in place: it shows todo 1 done without a refetch.
      await byId(page, 'filter-all').click();
      await expect.poll(() => completedOf(page, 1), POLL).toBe('true');
      expect(requests('GET', '/todos', {})).toHaveLength(1);
    });

    scenario(app, 'delete: the todo leaves every list', async (page) => {
      await open(page, app);
      await todoItem(page, 2).getByTestId('todo-delete').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(19);
      expect(await todoItem(page, 2).count()).toBe(0);
      expect(await text(page, 'todo-count')).toBe('19');
      await expect.poll(() => server.db.todos.has(2), POLL).toBe(false);
      expect(requests('DELETE', '/todos/2')).toHaveLength(1);
      await byId(page, 'filter-open').click();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(13);
      expect(await todoItem(page, 2).count()).toBe(0);
    });

    scenario(app, 'pagination: load more appends pages until the end', async (page) => {
      await open(page, app);
      await expect.poll(() => count(page, 'post-item'), POLL).toBe(5);
      await byId(page, 'posts-load-more').click();
      await expect.poll(() => count(page, 'post-item'), POLL).toBe(10);
      await byId(page, 'posts-load-more').click();
      await expect.poll(() => count(page, 'post-item'), POLL).toBe(12);
      await byId(page, 'posts-end').waitFor();
      expect(await count(page, 'posts-load-more')).toBe(0);
      const ids = await page.getByTestId('post-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
      expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(requests('GET', '/posts').map((r) => r.query.page)).toEqual([undefined, '2', '3']);
    });

    scenario(app, 'detail/list consistency: an edit in the detail shows in the list without refetch', async (page) => {
      await open(page, app);
      await todoItem(page, 4).getByTestId('todo-open').click();
      await expect.poll(() => text(page, 'detail-title'), POLL).toBe('Review pull request');
      await expect.poll(() => byId(page, 'detail-title-input').inputValue(), POLL).toBe('Review pull request');
      await byId(page, 'detail-title-input').fill('Review two pull requests');
      await byId(page, 'detail-save').click();
      await expect.poll(() => todoItem(page, 4).getByTestId('todo-title').textContent(), POLL).toBe('Review two pull requests');
      await expect.poll(() => text(page, 'detail-status'), POLL).toBe('Saved');
      expect(await text(page, 'detail-title')).toBe('Review two pull requests');
      expect(server.db.todos.get(4)?.title).toBe('Review two pull requests');
      expect(requests('PATCH', '/todos/4')).toHaveLength(1);
      // One list fetch at load, none after the edit: the store applied the response.
      expect(requests('GET', '/todos')).toHaveLength(1);
      await byId(page, 'detail-close').click();
      await expect.poll(() => count(page, 'todo-detail'), POLL).toBe(0);
    });

    scenario(app, 'optimistic toggle: shows at once, rolls back when the server fails', async (page) => {
      await open(page, app);
      expect(await completedOf(page, 3)).toBe('true');
      server.delayNext({ method: 'PATCH', path: '/todos/3', ms: 1_500 });
      server.failNext({ method: 'PATCH', path: '/todos/3', status: 500, message: 'Database on fire' });
      await todoItem(page, 3).getByTestId('todo-toggle').click();
      // The server will only ever fail this PATCH (after 1.5 s), so 'false' can
      // come from nothing but the optimistic update.
      await expect.poll(() => completedOf(page, 3), POLL).toBe('false');
      expect(await todoItem(page, 3).getByTestId('todo-toggle').isChecked()).toBe(false);
      // The failure puts the stored value back and says why.
      await expect.poll(() => completedOf(page, 3), POLL).toBe('true');
      expect(await todoItem(page, 3).getByTestId('todo-toggle').isChecked()).toBe(true);
      await expect.poll(() => text(page, 'mutation-error'), POLL).toBe('Database on fire');
      expect(server.db.todos.get(3)?.completed).toBe(true);
      expect(await text(page, 'todo-count')).toBe('20');
    });

    scenario(app, 'polling: the server time widget updates by itself', async (page) => {
      await open(page, app);
      await expect.poll(() => text(page, 'server-time'), POLL).toMatch(/^\d\d:\d\d:\d\d$/);
      const first = await text(page, 'server-time');
      await expect.poll(() => text(page, 'server-time'), POLL).not.toBe(first);
      expect(requests('GET', '/time').length).toBeGreaterThanOrEqual(2);
    });

    scenario(app, 'login and logout with an access token', async (page) => {
      await open(page, app);
      await logInAs(page, 'bob');
      await expect.poll(() => text(page, 'auth-user'), POLL).toBe('Bob Baker');
      const me = requests('GET', '/me');
      expect(me).toHaveLength(1);
      expect(me[0]).toMatchObject({ token: true, status: 200 });
      // Endpoints from hookifyResource carry the token too (detail save).
      await todoItem(page, 5).getByTestId('todo-open').click();
      await expect.poll(() => byId(page, 'detail-title-input').inputValue(), POLL).toBe('Water the plants');
      await byId(page, 'detail-title-input').fill('Water the cactus');
      await byId(page, 'detail-save').click();
      await expect.poll(() => text(page, 'detail-status'), POLL).toBe('Saved');
      expect(requests('PATCH', '/todos/5')).toMatchObject([{ token: true, status: 200 }]);
      await byId(page, 'logout').click();
      await byId(page, 'login-form').waitFor();
      expect(await count(page, 'session-expired')).toBe(0);
      await expect.poll(() => requests('POST', '/logout').length, POLL).toBe(1);
      expect(requests('POST', '/logout')[0]?.token).toBe(true);
      // A wrong password is an error message in the server's words, not a logout;
      // every app keeps the username, clears the password, and moves nothing.
      const listTop = async () => (await page.getByTestId('todo-item').first().boundingBox())!.y;
      const before = await listTop();
      await byId(page, 'login-username').fill('bob');
      await byId(page, 'login-password').fill('nope');
      await byId(page, 'login-submit').click();
      await expect.poll(() => text(page, 'login-error'), POLL).toBe('Invalid username or password');
      expect(await count(page, 'session-expired')).toBe(0);
      expect(await byId(page, 'login-username').inputValue()).toBe('bob');
      expect(await byId(page, 'login-password').inputValue()).toBe('');
      expect(await listTop()).toBe(before);
    });

    scenario(app, 'focus: expiry alone fetches nothing; a stale list refetches when the page is visible again', async (page) => {
      await page.clock.install();
      await open(page, app);
      expect(requests('GET', '/todos', {})).toHaveLength(1);
      // Past the 60 s expiry of the list; the poll of /time proves the app saw the time pass.
      const polled = requests('GET', '/time').length;
      await page.clock.fastForward('01:05');
      await expect.poll(() => requests('GET', '/time').length, POLL).toBeGreaterThan(polled);
      expect(requests('GET', '/todos', {})).toHaveLength(1);
      // A hidden tab makes no requests, not even its poll.
      await setVisible(page, false);
      const whileHidden = requests('GET', '/time').length;
      await page.clock.fastForward(5_000);
      expect(requests('GET', '/time').length).toBe(whileHidden);
      expect(requests('GET', '/todos', {})).toHaveLength(1);
      // Visible again: the stale list revalidates (once), the poll resumes.
      await setVisible(page, true);
      await expect.poll(() => requests('GET', '/todos', {}).length, POLL).toBe(2);
      await expect.poll(() => requests('GET', '/time').length, POLL).toBeGreaterThan(whileHidden);
      expect(await count(page, 'todo-item')).toBe(20);
    });

    scenario(app, 'reconnect: the offline banner shows, and stale data refetches when the network returns', async (page) => {
      await page.clock.install();
      await open(page, app);
      expect(await byId(page, 'offline-banner').isHidden()).toBe(true);
      await page.context().setOffline(true);
      await expect.poll(() => byId(page, 'offline-banner').isVisible(), POLL).toBe(true);
      await page.clock.fastForward('01:05');
      expect(requests('GET', '/todos', {})).toHaveLength(1);
      await page.context().setOffline(false);
      await expect.poll(() => byId(page, 'offline-banner').isHidden(), POLL).toBe(true);
      await expect.poll(() => requests('GET', '/todos', {}).length, POLL).toBe(2);
      expect(await count(page, 'todo-item')).toBe(20);
    });

    scenario(app, 'retry: a failed read is retried after a backoff, and the app says it is retrying', async (page) => {
      await open(page, app);
      await expect.poll(() => text(page, 'flaky-status'), POLL).toBe('ok (call 1)');
      // The server fails every second call: this refetch fails once, then succeeds.
      await byId(page, 'flaky-refetch').click();
      await expect.poll(() => text(page, 'flaky-status'), POLL).toBe('retrying (1)…');
      await expect.poll(() => text(page, 'flaky-status'), POLL).toBe('ok (call 3)');
      expect(requests('GET', '/flaky').map((r) => r.status)).toEqual([200, 500, 200]);
    });

    scenario(app, 'offline: a toggle made offline shows at once and is sent when the network returns', async (page) => {
      await open(page, app);
      expect(await completedOf(page, 1)).toBe('false');
      await page.context().setOffline(true);
      await expect.poll(() => byId(page, 'offline-banner').isVisible(), POLL).toBe(true);
      await todoItem(page, 1).getByTestId('todo-toggle').click();
      // Optimistic: shown at once, while nothing reached the server.
      await expect.poll(() => completedOf(page, 1), POLL).toBe('true');
      expect(requests('PATCH', '/todos/1')).toHaveLength(0);
      expect(server.db.todos.get(1)?.completed).toBe(false);
      await page.context().setOffline(false);
      await expect.poll(() => server.db.todos.get(1)?.completed, POLL).toBe(true);
      expect(requests('PATCH', '/todos/1')).toHaveLength(1);
      expect(await completedOf(page, 1)).toBe('true');
      expect(await page.getByTestId('mutation-error').isVisible()).toBe(false);
    });

    scenario(app, 'reload: the saved store shows at once and revalidates in the background', async (page) => {
      await open(page, app);
      await persisted(page, 'Buy milk');
      // The server's copy changes; the reload must first show the saved one.
      server.db.todos.get(1)!.title = 'Buy oat milk';
      server.delayNext({ method: 'GET', path: '/todos', ms: 5_000 });
      await page.reload();
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(20);
      expect(await todoTitle(page, 1)).toBe('Buy milk');
      // The revalidation answers and the list follows the server.
      await expect.poll(() => todoTitle(page, 1), POLL).toBe('Buy oat milk');
      expect(requests('GET', '/todos', {})).toHaveLength(2);
    }, 30_000);

    scenario(app, 'a 401 logs out: expired token, next request, login form again', async (page) => {
      await open(page, app);
      await logInAs(page, 'alice');
      await expect.poll(() => text(page, 'auth-user'), POLL).toBe('Alice Archer');
      server.expireTokens();
      await todoItem(page, 1).getByTestId('todo-toggle').click();
      // LogoutManager: the 401 forgets the token and resets the store.
      await byId(page, 'session-expired').waitFor();
      expect(await count(page, 'login-form')).toBe(1);
      expect(await count(page, 'auth-user')).toBe(0);
      const patch = requests('PATCH', '/todos/1');
      expect(patch).toHaveLength(1);
      expect(patch[0]).toMatchObject({ token: true, status: 401 });
      expect(server.db.todos.get(1)?.completed).toBe(false);
      // The reset store reads again, anonymously, and shows the server's truth.
      await expect.poll(() => count(page, 'todo-item'), POLL).toBe(20);
      await expect.poll(() => completedOf(page, 1), POLL).toBe('false');
      await expect.poll(() => requests('GET', '/todos').length, POLL).toBe(2);
      expect(requests('GET', '/todos')[1]?.token).toBe(false);
    });
  });
}
