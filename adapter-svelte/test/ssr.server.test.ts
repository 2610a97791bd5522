import { createClient, dehydrate, parseState, serializeState } from '@resto/core';
import { render } from 'svelte/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientContext } from '../src';
import TodoAwait from './fixtures/TodoAwait.svelte';
import TodoPage from './fixtures/TodoPage.svelte';
import { startTodoServer, type TodoServer } from './helpers/api';

let server: TodoServer;
beforeAll(async () => {
  server = await startTodoServer(2);
});
afterAll(() => server.close());

/** What a SvelteKit route does: `load` fills a server-mode client, the page renders from it. */
async function renderPage() {
  const client = createClient({ ssr: true });
  // The load step: every read the page shows, awaited before rendering.
  await Promise.all([client.controller.fetch(server.api.list), client.controller.fetch(server.api.get, { id: 2 })]);
  const { body } = render(TodoPage, { props: { api: server.api }, context: clientContext(client) });
  const state = serializeState(dehydrate(client));
  client.destroy();
  return { client, body, state };
}

describe('Svelte server rendering', () => {
  it('render() shows what load put in the client, with no request of its own', async () => {
    const before = server.hits.length;
    const { body, state, client } = await renderPage();
    expect(body).toContain('todo 1:open');
    expect(body).toContain('todo 2:open');
    expect(body).toMatch(/<p class="detail">todo 2<\/p>/);
    expect(body).not.toContain('loading');
    // Only the two load requests: rendering read the store.
    expect(server.hits.slice(before).map((h) => h.url)).toEqual(['/todos', '/todos/2']);
    expect(client.listenerCount).toBe(0);
    // The state the browser hydrates from holds both reads.
    const browser = createClient({ initialState: parseState(state) });
    expect(browser.controller.getResponse(server.api.list, browser.getSnapshot()).data?.map((t) => t.title)).toEqual(['todo 1', 'todo 2']);
    browser.destroy();
  });

  it('{#await read.promise} renders the loaded data, not the pending branch', async () => {
    const client = createClient({ ssr: true });
    await client.controller.fetch(server.api.get, { id: 1 });
    const { body } = render(TodoAwait, { props: { api: server.api, id: 1 }, context: clientContext(client) });
    client.destroy();
    expect(body).toContain('<p data-testid="title">todo 1</p>');
    expect(body).not.toContain('loading');
  });

  it('1,000 server renders leave no timer and no listener', async () => {
    // Loaded once over the network, then rendered 1,000 times from server clients given that data.
    const snapshot = parseState((await renderPage()).state);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let body = '';
      for (let i = 0; i < 1000; i++) {
        const client = createClient({ ssr: true, initialState: snapshot });
        ({ body } = render(TodoPage, { props: { api: server.api }, context: clientContext(client) }));
        client.destroy();
        expect(client.listenerCount).toBe(0);
      }
      expect(body).toContain('todo 2:open');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
