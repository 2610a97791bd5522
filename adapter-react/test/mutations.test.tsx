import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, resource, type Client } from '@resto/core';
import { AsyncBoundary, DataProvider, useController, useLoading, useSuspense } from '../src';
import { defer, json, startServer } from '@resto/testing';
import { Todo, todoApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof todoApi>;
let client: Client;
let todos: { id: number; title: string; completed: boolean }[];

beforeAll(async () => {
  server = await startServer();
  api = todoApi(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
});

function serve() {
  todos = [
    { id: 1, title: 'one', completed: false },
    { id: 2, title: 'two', completed: false },
  ];
  server.routes['GET /todos'] = (_h, res) => json(res, todos);
  server.routes['GET /todos/1'] = (_h, res) => json(res, todos[0]);
  server.routes['POST /todos'] = (hit, res) => {
    const created = { id: 3, completed: false, ...JSON.parse(hit.body) };
    todos.push(created);
    json(res, created, 201);
  };
  server.routes['PATCH *'] = (hit, res) => {
    const id = Number(hit.url.split('/').pop());
    const todo = todos.find((t) => t.id === id)!;
    Object.assign(todo, JSON.parse(hit.body));
    json(res, todo);
  };
  server.routes['DELETE *'] = (hit, res) => {
    const id = Number(hit.url.split('/').pop());
    todos = todos.filter((t) => t.id !== id);
    json(res, {});
  };
}

function List() {
  const list = useSuspense(api.getList);
  return (
    <ul>
      {list.map((t: Todo) => (
        <li key={t.id}>{t.title}</li>
      ))}
    </ul>
  );
}

function Detail({ id }: { id: number }) {
  const todo = useSuspense(api.get, { id });
  return <h3>{todo.title}</h3>;
}

async function mount(ui: React.ReactNode) {
  client = createClient();
  let ctrl!: ReturnType<typeof useController>;
  function Grab() {
    ctrl = useController();
    return null;
  }
  await act(async () => {
    render(
      <DataProvider client={client}>
        <Grab />
        <AsyncBoundary fallback={<p>loading</p>}>{ui}</AsyncBoundary>
      </DataProvider>,
    );
  });
  await screen.findByRole('list');
  return () => ctrl;
}

const titles = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('mutations', () => {
  it('a mutation through useController().fetch updates every component showing that entity', async () => {
    serve();
    const ctrl = await mount(
      <>
        <List />
        <Detail id={1} />
      </>,
    );
    await screen.findByRole('heading');
    expect(titles()).toEqual(['one', 'two']);
    await act(() => ctrl().fetch(api.partialUpdate, { id: 1 }, { title: 'ONE' }));
    expect(titles()).toEqual(['ONE', 'two']);
    expect(screen.getByRole('heading').textContent).toBe('ONE');
    // Normalized: no refetch of the list or the detail was needed.
    expect(server.count('GET', '/todos')).toBe(1);
  });

  it('push adds to a rendered list', async () => {
    serve();
    const ctrl = await mount(<List />);
    await act(() => ctrl().fetch(api.getList.push, { title: 'three' }));
    expect(titles()).toEqual(['one', 'two', 'three']);
    expect(server.count('GET', '/todos')).toBe(1);
  });

  it('delete removes from a rendered list', async () => {
    serve();
    const ctrl = await mount(<List />);
    await act(() => ctrl().fetch(api.remove, { id: 1 }));
    expect(titles()).toEqual(['two']);
  });

  it('an optimistic update renders before the response and rolls back on error', async () => {
    serve();
    const gate = defer();
    server.routes['PATCH *'] = async (_hit, res) => {
      await gate.promise;
      json(res, { message: 'title taken' }, 400);
    };
    function Rename() {
      const ctrl = useController();
      const [rename, loading, error] = useLoading(() => ctrl.fetch(api.optimisticUpdate, { id: 2 }, { title: 'TWO' }));
      return (
        <button onClick={() => void rename()}>
          {loading ? 'saving' : error ? `failed ${error.status}` : 'rename'}
        </button>
      );
    }
    await mount(
      <>
        <List />
        <Rename />
      </>,
    );
    await act(async () => screen.getByRole('button').click());
    // Shown at once, while the server still holds the answer.
    expect(titles()).toEqual(['one', 'TWO']);
    expect(screen.getByRole('button').textContent).toBe('saving');
    await act(async () => gate.resolve());
    await screen.findByText('failed 400');
    expect(titles()).toEqual(['one', 'two']);
  });

  it('resource({ optimistic: true }): a toggle shows at once and the server answer wins', async () => {
    serve();
    const gate = defer();
    const patch = server.routes['PATCH *']!;
    server.routes['PATCH *'] = async (hit, res) => {
      await gate.promise;
      // The server also normalizes the title: its answer replaces the optimistic value.
      patch({ ...hit, body: JSON.stringify({ ...JSON.parse(hit.body), title: 'One' }) }, res);
    };
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
    function Row() {
      const todo = useSuspense(TodoResource.get, { id: 1 });
      const ctrl = useController();
      return (
        <label>
          <input
            type="checkbox"
            checked={todo.completed}
            onChange={() => void ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: !todo.completed })}
          />
          {todo.title}
        </label>
      );
    }
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary fallback={<p>loading</p>}>
            <Row />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    const box = (await screen.findByRole('checkbox')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await act(async () => box.click());
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('one')).toBeTruthy();
    await act(async () => gate.resolve());
    await screen.findByText('One');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});
