import { render } from 'svelte/server';
import { nextTask, recordFetches } from '@resto/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefetch } from '../src/kit';
import KitLayout from './fixtures/KitLayout.svelte';
import { startTodoServer, type TodoServer } from './helpers/api';

let server: TodoServer;
beforeAll(async () => {
  server = await startTodoServer(2);
});
afterAll(() => server.close());

describe('@resto/svelte/kit on the server', () => {
  it('prefetch (a server load) fills a request client; provideClient + hydrateState render from it with no request', async () => {
    const before = server.hits.length;
    const layout = await prefetch((ctrl) => ctrl.fetch(server.api.list));
    const page = await prefetch((ctrl) => ctrl.fetch(server.api.get, { id: 2 }));
    expect(server.hits.slice(before).map((h) => h.url)).toEqual(['/todos', '/todos/2']);
    const { body } = render(KitLayout, { props: { data: { resto: layout.resto, page: page.resto }, api: server.api } });
    expect(body).toContain('<li>todo 1</li>');
    expect(body).toContain('<p class="detail">todo 2</p>');
    // Rendering read the store: no request beyond the two loads.
    expect(server.hits.length - before).toBe(2);
  });

  it('two renders (two requests) get two clients: nothing leaks from one user to the next', async () => {
    const first = await prefetch((ctrl) => ctrl.fetch(server.api.list));
    const a = render(KitLayout, { props: { data: { resto: first.resto }, api: server.api } });
    const fetched = recordFetches();
    const b = render(KitLayout, { props: { data: { resto: '' }, api: server.api } });
    expect(a.body).toContain('<li>todo 1</li>');
    expect(b.body).not.toContain('<li>todo 1</li>');
    // The second render's client is its own and empty. A Svelte server render runs no
    // effects, so its unfilled read sends nothing (reads on a server belong in the
    // load); nor does anything left from the first render, once a task has passed.
    await nextTask();
    expect(fetched()).toEqual([]);
  });
});
