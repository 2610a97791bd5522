import { createContext, useContext, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, resource, type Client } from '@resto/core';
import { AsyncBoundary, DataProvider, hookifyResource, useController, useSuspense } from '../src';
import { json, startServer } from '@resto/testing';
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
    expect(Object.keys(PagedHooks).sort()).toEqual(['useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
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
    await act(async () => {
      while (screen.queryByText('one')) await new Promise((r) => setTimeout(r, 5));
    });
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
