import { createContext, useContext, useMemo, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createClient, resource, RestEndpoint, type Client, type RestGenerics } from '@resto/core';
import { AsyncBoundary, DataProvider, hookifyResource, useController, useSuspense } from '../src';
import { json, recordFetches, startServer, timersPass } from '@resto/testing';
import { Todo } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
let todos: { id: number; title: string; completed: boolean }[];

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
});

const Auth = createContext('');

function setup() {
  todos = [{ id: 1, title: 'one', completed: false }];
  const authorized = (hit: { headers: Record<string, unknown> }) => hit.headers['access-token'] === 'secret-1' || hit.headers['access-token'] === 'secret-2';
  server.routes['GET /todos/1'] = (hit, res) => (authorized(hit) ? json(res, todos[0]) : json(res, { message: 'who?' }, 401));
  server.routes['GET /todos'] = (hit, res) => (authorized(hit) ? json(res, todos) : json(res, { message: 'who?' }, 401));
  server.routes['POST /todos'] = (hit, res) => {
    if (!authorized(hit)) return json(res, { message: 'who?' }, 401);
    const created = { id: todos.length + 1, completed: false, ...JSON.parse(hit.body) };
    todos.push(created);
    json(res, created, 201);
  };
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  return hookifyResource(TodoResource, function useInit() {
    // A new object every render: the hooks must still return stable endpoints.
    return { headers: { 'Access-Token': useContext(Auth) } };
  });
}

describe('hookifyResource', () => {
  it('sends a header from context, with endpoints stable across renders', async () => {
    const TodoHooks = setup();
    const seen = new Set<unknown>();
    let rerender!: () => void;
    function Detail() {
      const [, set] = useState(0);
      rerender = () => set((n) => n + 1);
      const get = TodoHooks.useGet();
      seen.add(get);
      const todo = useSuspense(get, { id: 1 });
      expectTypeOf(todo).toEqualTypeOf<Todo>();
      return <h3>{todo.title}</h3>;
    }
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Auth.Provider value="secret-1">
            <AsyncBoundary fallback="loading">
              <Detail />
            </AsyncBoundary>
          </Auth.Provider>
        </DataProvider>,
      );
    });
    expect((await screen.findByRole('heading')).textContent).toBe('one');
    expect(server.hits.find((h) => h.url === '/todos/1')?.headers['access-token']).toBe('secret-1');
    await act(async () => rerender());
    expect(seen.size).toBe(1);
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('useGetList().push posts with the header and adds to the rendered list', async () => {
    const TodoHooks = setup();
    function List() {
      const getList = TodoHooks.useGetList();
      const todos = useSuspense(getList);
      const ctrl = useController();
      return (
        <>
          <ul>
            {todos.map((t) => (
              <li key={t.id}>{t.title}</li>
            ))}
          </ul>
          <button onClick={() => void ctrl.fetch(getList.push, { title: 'two' })}>add</button>
        </>
      );
    }
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Auth.Provider value="secret-2">
            <AsyncBoundary fallback="loading">
              <List />
            </AsyncBoundary>
          </Auth.Provider>
        </DataProvider>,
      );
    });
    await screen.findByRole('list');
    await act(async () => screen.getByRole('button').click());
    await screen.findByText('two');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    const post = server.hits.find((h) => h.method === 'POST')!;
    expect(post.headers['access-token']).toBe('secret-2');
    expect(JSON.parse(post.body)).toEqual({ title: 'two' });
  });

  it('useGetList().getPage appends a page and useDelete removes, both with the header', async () => {
    setup();
    server.routes['GET /todos'] = (hit, res) =>
      json(res, hit.url.includes('page=2') ? [{ id: 2, title: 'two', completed: false }] : [{ id: 1, title: 'one', completed: false }]);
    server.routes['DELETE /todos/1'] = (_hit, res) => json(res, {});
    const Paged = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, paginationField: 'page' });
    const PagedHooks = hookifyResource(Paged, () => ({ headers: { 'Access-Token': useContext(Auth) } }));
    expect(Object.keys(PagedHooks).sort()).toEqual(['useCreate', 'useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
    function List() {
      const getList = PagedHooks.useGetList();
      const remove = PagedHooks.useDelete();
      const todos = useSuspense(getList);
      const ctrl = useController();
      return (
        <>
          <ul>
            {todos.map((t) => (
              <li key={t.id}>{t.title}</li>
            ))}
          </ul>
          <button onClick={() => void ctrl.fetch(getList.getPage, { page: 2 })}>more</button>
          <button onClick={() => void ctrl.fetch(remove, { id: 1 })}>delete one</button>
        </>
      );
    }
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Auth.Provider value="secret-2">
            <AsyncBoundary fallback="loading">
              <List />
            </AsyncBoundary>
          </Auth.Provider>
        </DataProvider>,
      );
    });
    await screen.findByRole('list');
    await act(async () => screen.getByText('more').click());
    await screen.findByText('two');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    await act(async () => screen.getByText('delete one').click());
    await waitFor(() => expect(screen.queryByText('one')).toBeNull());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['two']);
    expect(server.hits.map((h) => [h.method, h.url, h.headers['access-token']])).toEqual([
      ['GET', '/todos', 'secret-2'],
      ['GET', '/todos?page=2', 'secret-2'],
      ['DELETE', '/todos/1', 'secret-2'],
    ]);
  });

  it('a new header value gives new endpoints that send it', async () => {
    const TodoHooks = setup();
    const seen = new Set<unknown>();
    function Detail() {
      const get = TodoHooks.useGet();
      seen.add(get);
      return <h3>{useSuspense(get, { id: 1 }).title}</h3>;
    }
    client = createClient();
    const ui = (token: string) => (
      <DataProvider client={client}>
        <Auth.Provider value={token}>
          <AsyncBoundary fallback="loading">
            <Detail />
          </AsyncBoundary>
        </Auth.Provider>
      </DataProvider>
    );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(ui('secret-1'));
    });
    await screen.findByRole('heading');
    await act(async () => view.rerender(ui('secret-2')));
    expect(seen.size).toBe(2);
    await act(() => client.controller.invalidateAll({ testKey: (k) => k.includes('/todos/1') }));
    await screen.findByRole('heading');
    const tokens = server.hits.filter((h) => h.url === '/todos/1').map((h) => h.headers['access-token']);
    expect(tokens).toEqual(['secret-1', 'secret-2']);
  });
});

describe('hookifyResource: remaining members', () => {
  const sent = () => server.hits.map((h) => [h.method, h.url, h.headers['access-token']]);
  const renderWith = async (token: string, ui: React.ReactNode) => {
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Auth.Provider value={token}>
            <AsyncBoundary fallback="loading">{ui}</AsyncBoundary>
          </Auth.Provider>
        </DataProvider>,
      );
    });
  };

  it('useUpdate() PUTs and usePartialUpdate() PATCHes {path} with the header; the rendered entity follows', async () => {
    const TodoHooks = setup();
    server.routes['PUT /todos/1'] = (hit, res) => {
      todos[0] = { id: 1, ...JSON.parse(hit.body) };
      json(res, todos[0]);
    };
    server.routes['PATCH /todos/1'] = (hit, res) => {
      todos[0] = { ...todos[0]!, ...JSON.parse(hit.body) };
      json(res, todos[0]);
    };
    function Detail() {
      const todo = useSuspense(TodoHooks.useGet(), { id: 1 });
      const update = TodoHooks.useUpdate();
      const partialUpdate = TodoHooks.usePartialUpdate();
      const ctrl = useController();
      return (
        <>
          <h3>{`${todo.title} ${todo.completed ? 'done' : 'open'}`}</h3>
          <button onClick={() => void ctrl.fetch(update, { id: 1 }, { title: 'put', completed: true })}>put</button>
          <button onClick={() => void ctrl.fetch(partialUpdate, { id: 1 }, { title: 'patched' })}>patch</button>
        </>
      );
    }
    await renderWith('secret-1', <Detail />);
    expect((await screen.findByRole('heading')).textContent).toBe('one open');
    await act(async () => screen.getByText('put').click());
    await screen.findByText('put done');
    await act(async () => screen.getByText('patch').click());
    await screen.findByText('patched done');
    expect(sent()).toEqual([
      ['GET', '/todos/1', 'secret-1'],
      ['PUT', '/todos/1', 'secret-1'],
      ['PATCH', '/todos/1', 'secret-1'],
    ]);
    expect(JSON.parse(server.hits[1]!.body)).toEqual({ title: 'put', completed: true });
    expect(JSON.parse(server.hits[2]!.body)).toEqual({ title: 'patched' });
  });

  it('useGetList().unshift POSTs {listPath} with the header and puts the item first in the rendered list', async () => {
    const TodoHooks = setup();
    function List() {
      const getList = TodoHooks.useGetList();
      const list = useSuspense(getList);
      const ctrl = useController();
      return (
        <>
          <ul>
            {list.map((t) => (
              <li key={t.id}>{t.title}</li>
            ))}
          </ul>
          <button onClick={() => void ctrl.fetch(getList.unshift, { title: 'zero' })}>add first</button>
        </>
      );
    }
    await renderWith('secret-2', <List />);
    await screen.findByRole('list');
    await act(async () => screen.getByRole('button').click());
    await screen.findByText('zero');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['zero', 'one']);
    expect(sent()).toEqual([
      ['GET', '/todos', 'secret-2'],
      ['POST', '/todos', 'secret-2'],
    ]);
    expect(JSON.parse(server.hits[1]!.body)).toEqual({ title: 'zero' });
  });
});

describe('access token through extend({ accessToken }) in a memoised hook', () => {
  it('a getHeaders override on the base class reads this.accessToken from the memoised endpoint', async () => {
    setup();
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      declare accessToken?: string;
      override getHeaders(headers: HeadersInit): HeadersInit {
        return this.accessToken ? { ...headers, 'Access-Token': this.accessToken } : headers;
      }
    }
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: AuthEndpoint });
    const seen = new Set<unknown>();
    let rerender!: () => void;
    function useAuthedGet() {
      const accessToken = useContext(Auth);
      return useMemo(() => TodoResource.get.extend({ accessToken }), [accessToken]);
    }
    function Detail() {
      const [, set] = useState(0);
      rerender = () => set((n) => n + 1);
      const get = useAuthedGet();
      seen.add(get);
      const todo = useSuspense(get, { id: 1 });
      return <h3>{todo.title}</h3>;
    }
    client = createClient();
    const ui = (token: string) => (
      <DataProvider client={client}>
        <Auth.Provider value={token}>
          <AsyncBoundary fallback="loading">
            <Detail />
          </AsyncBoundary>
        </Auth.Provider>
      </DataProvider>
    );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(ui('secret-1'));
    });
    expect((await screen.findByRole('heading')).textContent).toBe('one');
    // React drops memoised values of a first render that suspended, so count from the commit on.
    const committed = [...seen].at(-1);
    seen.clear();
    await act(async () => rerender());
    expect([...seen]).toEqual([committed]);
    await act(async () => view.rerender(ui('secret-2')));
    expect(seen.size).toBe(2);
    await act(() => client.controller.invalidateAll({ testKey: (k) => k.includes('/todos/1') }));
    await screen.findByRole('heading');
    expect(server.hits.map((h) => [h.method, h.url, h.headers['access-token']])).toEqual([
      ['GET', '/todos/1', 'secret-1'],
      ['GET', '/todos/1', 'secret-2'],
    ]);
  });
});

describe('useSuspense and pollFrequency', () => {
  it('a suspense read of a polling endpoint does not poll', async () => {
    setup();
    server.routes['GET /todos/1'] = (_hit, res) => json(res, todos[0]);
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 40 });
    function Detail() {
      return <h3>{useSuspense(get, { id: 1 }).title}</h3>;
    }
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Auth.Provider value="secret-1">
            <AsyncBoundary fallback="loading">
              <Detail />
            </AsyncBoundary>
          </Auth.Provider>
        </DataProvider>,
      );
    });
    expect((await screen.findByRole('heading')).textContent).toBe('one');
    const fetched = recordFetches();
    await act(() => timersPass(server, 40, 3)); // three poll periods pass
    expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
    expect(server.count('GET', '/todos/1')).toBe(1);
  });
});
