import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server.node';
import { renderToReadableStream } from 'react-dom/server.browser';
import { act } from '@testing-library/react';
import { createClient, dehydrate, Endpoint, Entity, parseState, serializeState, type Client } from '@resto/core';
import { DataProvider, useController, useDLE, useSuspense } from '../src';
import { json, nextTask, recordFetches, startServer, until } from '@resto/testing';
import { todoApi, type Todo } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof todoApi>;
let todos = [
  { id: 1, title: 'one', completed: false },
  { id: 2, title: 'two', completed: false },
];
beforeAll(async () => {
  server = await startServer({
    'GET /todos': (_h, res) => json(res, todos),
    'GET /todos/2': (_h, res) => json(res, todos[1]),
    'PATCH /todos/1': (hit, res) => {
      todos = todos.map((t) => (t.id === 1 ? { ...t, ...JSON.parse(hit.body) } : t));
      json(res, todos[0]);
    },
  });
  api = todoApi(server.url);
});
afterAll(() => server.close());

function TodoList() {
  const items = useSuspense(api.getList);
  const ctrl = useController();
  const toggle = (t: Todo) => ctrl.fetch(api.partialUpdate, { id: t.id }, { completed: !t.completed });
  return (
    <ul>
      {items.map((t) => (
        <li key={t.id} onClick={() => toggle(t)}>
          {`${t.title}:${t.completed ? 'done' : 'open'}`}
        </li>
      ))}
    </ul>
  );
}
function Detail() {
  const todo = useSuspense(api.get, { id: 2 });
  const { data } = useDLE(api.get, { id: 2 });
  return <p className="detail">{`${todo.title}/${data?.title}`}</p>;
}
const App = () => (
  <main>
    <Suspense fallback={<p>loading list</p>}>
      <TodoList />
    </Suspense>
    <Suspense fallback={<p>loading detail</p>}>
      <Detail />
    </Suspense>
  </main>
);

/** The server entry of the e2e app in small: stream until every boundary resolved, then the state. */
function renderOnServer(client: Client, app: React.ReactNode): Promise<{ html: string; state: string }> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<DataProvider client={client}>{app}</DataProvider>, {
      onAllReady() {
        const out = new PassThrough();
        let html = '';
        out.on('data', (c) => (html += c));
        out.on('end', () => resolve({ html, state: serializeState(dehydrate(client)) }));
        pipe(out);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

describe('React server rendering', () => {
  it('streams the data into the HTML, then DataProvider hydrates from the snapshot with no request', async () => {
    const serverClient = createClient({ ssr: true });
    const { html, state } = await renderOnServer(serverClient, <App />);
    serverClient.destroy();
    expect(html).toContain('one:open');
    expect(html).toContain('two:open');
    expect(html).toContain('two/two');
    expect(html).not.toContain('loading');

    const before = server.hits.length;
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    const recoverable = vi.fn();
    const fetched = recordFetches();
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(el, <DataProvider initialState={parseState(state)}><App /></DataProvider>, { onRecoverableError: recoverable });
    });
    // Hydrated and effects ran: a fetch on mount would have been called by now.
    await act(() => nextTask());
    expect(fetched()).toEqual([]);
    expect(recoverable).not.toHaveBeenCalled();
    expect(server.hits.slice(before)).toEqual([]);
    expect(el.querySelector('.detail')!.textContent).toBe('two/two');

    await act(async () => (el.querySelector('li') as HTMLElement).click());
    await until(() => el.querySelector('li')!.textContent === 'one:done');
    expect(server.hits.slice(before).map((h) => h.method)).toEqual(['PATCH']);
    act(() => root.unmount());
    el.remove();
  });

  it('renderToReadableStream (web streams, edge runtimes) streams the data the same way', async () => {
    const client = createClient({ ssr: true });
    const stream = await renderToReadableStream(
      <DataProvider client={client}>
        <App />
      </DataProvider>,
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    const state = serializeState(dehydrate(client));
    client.destroy();
    expect(html).toContain('one:');
    expect(html).toContain('two/two');
    expect(client.listenerCount).toBe(0);
    const browser = createClient({ initialState: parseState(state) });
    expect(browser.controller.getResponse(api.getList, browser.getSnapshot()).data?.map((t) => t.title)).toEqual(['one', 'two']);
    browser.destroy();
  });

  it('1,000 server renders leave no timer and no listener', async () => {
    class Item extends Entity {
      id = 0;
      static override key = 'Item';
    }
    const items = new Endpoint(async () => [{ id: 1 }, { id: 2 }], { key: () => 'items', schema: [Item], pollFrequency: 500 });
    function Page() {
      const list = useSuspense(items);
      return <p>{`${list.length} items`}</p>;
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let html = '';
      for (let i = 0; i < 1000; i++) {
        const client = createClient({ ssr: true });
        ({ html } = await renderOnServer(client, <Suspense fallback="…"><Page /></Suspense>));
        client.destroy();
        expect(client.listenerCount).toBe(0);
      }
      expect(html).toContain('2 items');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
