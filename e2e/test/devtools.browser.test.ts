// The devtools panel in the four demo apps, real Chromium, real server: open it
// with the "Devtools" toggle, find a todo by id, watch it change after an edit in
// the app, and invalidate a read from the panel (the app refetches it).
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
const APPS = process.env.E2E_APPS ? ALL_APPS.filter((a) => process.env.E2E_APPS!.split(',').includes(a)) : ALL_APPS;

const appsDir = fileURLToPath(new URL('../apps/', import.meta.url));
const distOf = (app: AppName) => join(appsDir, app, 'dist');

let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
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

const POLL = { timeout: 20_000, interval: 25 };
const byId = (page: Page, id: string) => page.getByTestId(id);
const todoItem = (page: Page, id: number) => page.locator(`[data-testid="todo-item"][data-id="${id}"]`);
/** Inside the panel (Playwright's CSS pierces its open shadow root). */
const panel = (page: Page, selector: string) => page.locator(`resto-devtools ${selector}`);
const timeGets = () => server.requests.filter({ method: 'GET' }).filter((r) => r.path === '/time');
const listGets = () => server.requests.filter({ method: 'GET' }).filter((r) => r.path === '/todos' && JSON.stringify(r.query) === '{}');

for (const app of APPS) {
  describe(`${app} app`, () => {
    it('devtools: find a todo by id, watch an edit, invalidate a read from the panel', async () => {
      await withPage(await browser(), `${app}-devtools`, async (page) => {
        server.reset();
        await page.goto(`${server.url}/${app}/`);
        await expect.poll(() => page.getByTestId('todo-item').count(), POLL).toBe(20);
        // Let the server-time widget poll (GET /time, every second) after the list is in:
        // the store's tables are layered, so the list's result then sits below newer writes,
        // which the panel must still see (it once listed only the top layer's reads).
        const polled = timeGets().length;
        await expect.poll(() => timeGets().length, POLL).toBeGreaterThanOrEqual(polled + 2);

        // Closed until asked for: the panel's element is not even in the page.
        expect(await page.locator('resto-devtools').count()).toBe(0);
        await byId(page, 'devtools-toggle').click();
        await panel(page, 'main').waitFor();
        expect(await byId(page, 'devtools-toggle').getAttribute('aria-pressed')).toBe('true');

        // Entities: find todo 4 by id, see its fields and the reads that reference it.
        await panel(page, 'input[data-search]').fill('Todo 4');
        await expect.poll(() => panel(page, 'section[data-table="Todo"] tr[data-entity]').count(), POLL).toBe(1);
        await panel(page, 'tr[data-entity="Todo:4"]').click();
        const title = panel(page, '[data-entity-detail="Todo:4"] [data-field="title"] td');
        await expect.poll(() => title.textContent(), POLL).toBe('"Review pull request"');
        expect(await panel(page, '[data-references] li').allTextContents()).toContain('GET /todos');

        // Edit in the app: the open panel shows the new title.
        await todoItem(page, 4).getByTestId('todo-open').click();
        await expect.poll(() => byId(page, 'detail-title-input').inputValue(), POLL).toBe('Review pull request');
        await byId(page, 'detail-title-input').fill('Review two pull requests');
        await byId(page, 'detail-save').click();
        await expect.poll(() => title.textContent(), POLL).toBe('"Review two pull requests"');

        // Timeline: the edit is an optimistic step (the title changes at once), then the server's answer.
        await panel(page, 'button[data-tab="timeline"]').click();
        const step = (kind: string) => panel(page, `tr[data-kind="${kind}"]`).filter({ hasText: 'PATCH /todos/4' });
        await expect.poll(() => step('set').count(), POLL).toBe(1);
        expect(await step('optimistic').count()).toBe(1);
        await step('optimistic').click();
        const diff = await panel(page, '[data-diff] li').allTextContents();
        expect(diff.some((li) => li.startsWith('changed Todo 4 { title: "Review pull request" → "Review two pull requests"'))).toBe(true);

        // Reads: the list is fresh and observed; invalidating it makes the app refetch it.
        await panel(page, 'button[data-tab="reads"]').click();
        const list = panel(page, 'tr[data-read="GET /todos"]');
        await expect.poll(() => list.locator('[data-status]').textContent(), POLL).toBe('fresh');
        expect(Number(await list.locator('[data-observers]').textContent())).toBeGreaterThanOrEqual(1);
        expect(listGets()).toHaveLength(1);
        await list.locator('button[data-action="invalidate"]').click();
        await expect.poll(() => listGets().length, POLL).toBe(2);
        await expect.poll(() => list.locator('[data-status]').textContent(), POLL).toBe('fresh');
        // The refetched list still shows the edit (the server has it).
        await expect.poll(() => todoItem(page, 4).getByTestId('todo-title').textContent(), POLL).toBe('Review two pull requests');

        // The toggle hides the panel again.
        await byId(page, 'devtools-toggle').click();
        await expect.poll(() => page.locator('resto-devtools').isVisible(), POLL).toBe(false);
      });
    });
  });
}
