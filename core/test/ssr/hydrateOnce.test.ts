// hydrateOnce: a framework that renders again with the same server state (React's
// StrictMode, a Svelte effect run again) must not put it over newer browser data.
import { describe, expect, it, vi } from 'vitest';
import { createClient, dehydrate, Entity, hydrateOnce, pageClient, prefetchState, RestEndpoint, serializeState } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:1', path: '/todos/:id', schema: Todo });
const title = (client: ReturnType<typeof createClient>) =>
  (client.controller.getResponse(getTodo, { id: 1 }, client.getSnapshot()).data as Todo | undefined)?.title;

describe('hydrateOnce', () => {
  it('merges a server state once per client and text; the same text again leaves newer data alone', async () => {
    const server = createClient({ ssr: true });
    await server.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'from the server' });
    const text = serializeState(dehydrate(server));
    server.destroy();

    const browser = createClient();
    hydrateOnce(browser, text);
    expect(title(browser)).toBe('from the server');
    await browser.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'edited in the browser' });
    hydrateOnce(browser, text);
    expect(title(browser)).toBe('edited in the browser');
    // Another client takes the same text; nothing and null are no-ops.
    const other = createClient();
    hydrateOnce(other, text);
    hydrateOnce(other, null);
    hydrateOnce(other, undefined);
    expect(title(other)).toBe('from the server');
    browser.destroy();
    other.destroy();
  });

  it('names what is wrong with text serializeState did not write', () => {
    const client = createClient();
    expect(() => hydrateOnce(client, '{"not":"a snapshot"}')).toThrow(/state/i);
    client.destroy();
  });
});

describe('prefetchState and pageClient (the framework recipes)', () => {
  it('prefetchState runs the load on a server client of its own, destroys it, and returns its store as text', async () => {
    let seen: unknown;
    const text = await prefetchState(async (controller) => {
      seen = controller;
      await controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'prefetched' });
    });
    const browser = createClient();
    hydrateOnce(browser, text);
    expect(title(browser)).toBe('prefetched');
    expect(seen).not.toBe(browser.controller);
    browser.destroy();
    // A failing load rejects with its error, and no client is left running.
    await expect(prefetchState(() => Promise.reject(new Error('load failed')))).rejects.toThrow('load failed');
  });

  it('pageClient: a new server-mode client per call on a server, one client for the page in a browser', () => {
    const a = pageClient();
    const b = pageClient();
    expect(a).not.toBe(b);
    expect([a.ssr, b.ssr]).toEqual([true, true]);
    a.destroy();
    b.destroy();
    vi.stubGlobal('document', {});
    try {
      const page = pageClient();
      expect(pageClient()).toBe(page);
      expect(page.ssr).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
