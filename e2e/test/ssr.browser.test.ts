// Server rendering in every adapter: the page at /ssr/<name>/ is rendered on the
// server (apps/ssr/<name>/server.ts(x)) with the store embedded, then hydrated in
// Chromium. Checks: the first HTML already holds the todos, hydration asks the API
// for nothing, and the page reacts to clicks afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSsrApps, SSR_NAMES, ssrPages, ssrStatic } from '../apps/build.mjs';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser, withPage } from './browser';

let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  await buildSsrApps({ log: () => {} });
  server = await startServer({ pages: await ssrPages(), static: ssrStatic() });
}, 180_000);
afterAll(() => server?.close());

const getTodos = () => server.requests.all().filter((r) => r.method === 'GET' && r.path === '/todos').length;

describe.each(SSR_NAMES)('%s server-rendered', (name) => {
  it('the first HTML holds the todos, hydration makes no request for them, clicks work afterwards', async () => {
    server.reset();
    const url = `${server.url}/ssr/${name}/`;
    // Copies: the server updates its rows in place.
    const todos = [...server.db.todos.values()].map((t) => ({ ...t }));
    const titles = todos.map((t) => t.title);

    // What a crawler or a slow device sees before any script runs.
    const first = await (await fetch(url)).text();
    for (const title of titles) expect(first).toContain(title);
    expect(first).toContain('id="resto-state"');
    expect(getTodos()).toBe(1); // the server's own read

    await withPage(await browser(), `ssr-${name}`, async (page) => {
      const fromBrowser: string[] = [];
      const messages: string[] = [];
      page.on('request', (r) => fromBrowser.push(`${r.method()} ${new URL(r.url()).pathname}`));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
      });
      await page.goto(url);
      await page.locator('body[data-hydrated="true"]').waitFor();
      await page.waitForLoadState('networkidle');

      // Hydration used the embedded store: the browser never asked for /todos.
      expect(fromBrowser.filter((r) => r.endsWith(' /todos'))).toEqual([]);
      expect(getTodos()).toBe(2); // the fetch above and the page's render, both server-side
      expect(messages.filter((m) => /hydrat|mismatch/i.test(m))).toEqual([]);
      expect(await page.getByTestId('todo-item').count()).toBe(titles.length);

      // Interactive: toggling the first todo reaches the server and updates the page.
      const first = todos[0]!;
      const box = page.getByTestId('todo-item').first().locator('input[type="checkbox"]');
      expect(await box.isChecked()).toBe(first.completed);
      await box.click();
      await page.waitForFunction(
        (done) => (document.querySelector('[data-testid="todo-item"] input') as HTMLInputElement).checked === done,
        !first.completed,
      );
      expect(fromBrowser).toContain(`PATCH /todos/${first.id}`);
      expect(server.db.todos.get(first.id)!.completed).toBe(!first.completed);
    });
  });
});
