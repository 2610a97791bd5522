/** @jsxImportSource solid-js */
// The primitives with no shared scenario: useFetch, useError, useQuery with accessor
// args, useMutation driving a view, hookifyResource reading Solid context, and disposal.
import { render } from '@solidjs/testing-library';
import { createContext, createSignal, Show, useContext } from 'solid-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, resource, type Client } from '@resto/core';
import { nextTask, recordFetches, until } from '@resto/testing';
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { hookifyResource, RestoProvider, useCache, useError, useFetch, useMutation, useQuery, useSuspense } from '../src';

let server: TodoServer;
let client: Client;
beforeEach(async () => {
  server = await startTodoServer();
  client = createClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

describe('reads without suspense', () => {
  it('useFetch fetches once and gives the running promise; useCache shows what it stored; useError the failure of another key', async () => {
    let pending: ReturnType<typeof useFetch> | undefined;
    function Prefetch() {
      pending = useFetch(server.api.get, { id: 2 });
      const cached = useCache(server.api.get, { id: 2 });
      const error = useError(server.api.get, { id: 99 });
      return (
        <p>
          <span data-testid="cached">{cached()?.title ?? 'nothing'}</span>
          <span data-testid="error">{String(error()?.status)}</span>
        </p>
      );
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Prefetch />
      </RestoProvider>
    ));
    expect(pending!()).toBeInstanceOf(Promise);
    expect((await pending!())?.title).toBe('todo 2');
    await until(() => view.getByTestId('cached').textContent === 'todo 2');
    expect(pending!()).toBeUndefined();
    // useError never fetches: the 404 shows once someone else asked.
    expect(view.getByTestId('error').textContent).toBe('undefined');
    await client.controller.fetch(server.api.get, { id: 99 }).catch(() => undefined);
    await until(() => view.getByTestId('error').textContent === '404');
    expect(server.count('GET', '/todos/2')).toBe(1);
    expect(server.count('GET', '/todos/99')).toBe(1);
    view.unmount();
  });

  it('useQuery follows an accessor argument and never fetches', async () => {
    await client.controller.fetch(server.api.list);
    const fetched = recordFetches();
    const [id, setId] = createSignal<number | null>(1);
    function Entity() {
      const todo = useQuery(Todo, () => (id() === null ? null : { id: id()! }));
      return <p data-testid="todo">{todo()?.title ?? 'none'}</p>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Entity />
      </RestoProvider>
    ));
    expect(view.getByTestId('todo').textContent).toBe('todo 1');
    setId(3);
    expect(view.getByTestId('todo').textContent).toBe('todo 3');
    setId(null);
    expect(view.getByTestId('todo').textContent).toBe('none');
    await nextTask();
    expect(fetched()).toEqual([]);
    view.unmount();
  });

  it("useMutation's state drives the view, and the response updates a read of the same entity", async () => {
    function Editor() {
      const todo = useSuspense(server.api.get, { id: 1 });
      const { mutate, pending, error, data } = useMutation(server.api.update);
      return (
        <div>
          <h1>{todo()?.title}</h1>
          <button onClick={() => mutate({ id: 1 }, { title: 'saved' })}>save</button>
          <button onClick={() => mutate({ id: 99 }, { title: 'x' })}>break</button>
          <span data-testid="state">{pending() ? 'saving' : error() ? `failed ${error()!.status}` : data() ? `ok ${data()!.title}` : 'idle'}</span>
        </div>
      );
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Editor />
      </RestoProvider>
    ));
    await until(() => view.queryByRole('heading')?.textContent === 'todo 1');
    const release = server.hold();
    view.getByText('save').click();
    expect(view.getByTestId('state').textContent).toBe('saving');
    release();
    await until(() => view.getByTestId('state').textContent === 'ok saved');
    expect(view.getByRole('heading').textContent).toBe('saved');
    view.getByText('break').click();
    await until(() => view.getByTestId('state').textContent === 'failed 404');
    expect(view.getByRole('heading').textContent).toBe('saved');
    view.unmount();
  });

  it('hookifyResource: useInit runs in the component, so Solid context decides the headers', async () => {
    const Token = createContext('none');
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'access-token': useContext(Token) } }));
    function Title() {
      const todo = useSuspense(TodoHooks.useGet(), { id: 1 });
      return <h1>{todo()?.title}</h1>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Token.Provider value="secret">
          <Title />
        </Token.Provider>
      </RestoProvider>
    ));
    await until(() => view.queryByRole('heading')?.textContent === 'todo 1');
    expect(server.hits.find((h) => h.url === '/todos/1')?.headers['access-token']).toBe('secret');
    view.unmount();
  });

  it('a read whose component is disposed before the answer lets go: the request is aborted', async () => {
    const release = server.hold();
    const [show, setShow] = createSignal(true);
    function Title() {
      const todo = useSuspense(server.api.get, { id: 1 });
      return <h1>{todo()?.title}</h1>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Show when={show()}>
          <Title />
        </Show>
      </RestoProvider>
    ));
    await until(() => server.hits.some((h) => h.url === '/todos/1'));
    setShow(false);
    await server.hits.find((h) => h.url === '/todos/1')!.closed;
    release();
    view.unmount();
  });
});
