/** @jsxImportSource solid-js */
// Server rendering with Solid's server build: renderToStringAsync waits for the
// useSuspense reads, the HTML shows their data, and the store goes to the browser
// as a dehydrated snapshot (a browser RestoProvider's initialState).
import { renderToStringAsync } from 'solid-js/web';
import { For, Suspense } from 'solid-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, dehydrate, parseState, serializeState } from '@resto/core';
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { RestoProvider, useQuery, useSuspense } from '../src';

let server: TodoServer;
beforeEach(async () => {
  server = await startTodoServer(2);
});
afterEach(() => server.close());

describe('server rendering', () => {
  it('renderToStringAsync waits for useSuspense; the snapshot holds what the page showed', async () => {
    const client = createClient({ ssr: true });
    function List() {
      const todos = useSuspense(server.api.list);
      return (
        <ul>
          <For each={todos()}>{(todo) => <li>{todo.title}</li>}</For>
        </ul>
      );
    }
    function Detail() {
      const todo = useQuery(Todo, { id: 2 });
      return <p class="detail">{todo()?.title ?? 'none'}</p>;
    }
    const html = await renderToStringAsync(() => (
      <RestoProvider client={client}>
        <Suspense fallback={<p>loading</p>}>
          <List />
          <Detail />
        </Suspense>
      </RestoProvider>
    ));
    expect(html).toMatch(/<li[^>]*>todo 1<\/li><li[^>]*>todo 2<\/li>/);
    // The second view read the entities the list stored, in the same render.
    expect(html).toMatch(/<p[^>]*class="detail"[^>]*>todo 2<\/p>/);
    expect(html).not.toContain('loading');
    // Solid's own payload for its resources carries a word, not the entities: the store travels as one snapshot.
    expect(html).not.toContain('completed');
    expect(server.count('GET', '/todos')).toBe(1);
    // Nothing subscribed: a server render has no cleanup.
    expect(client.listenerCount).toBe(0);
    const state = serializeState(dehydrate(client));
    client.destroy();
    const browser = createClient({ initialState: parseState(state) });
    expect(browser.controller.getResponse(server.api.list, browser.getSnapshot()).data?.map((t) => t.title)).toEqual(['todo 1', 'todo 2']);
    browser.destroy();
  });
});
