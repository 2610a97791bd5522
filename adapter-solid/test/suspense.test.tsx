/** @jsxImportSource solid-js */
// Solid's async model: <Suspense> fallbacks, <ErrorBoundary>, transitions, and the provider.
import { render } from '@solidjs/testing-library';
import { createSignal, ErrorBoundary, Suspense, useTransition } from 'solid-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, dehydrate, RestEndpoint, type Client } from '@resto/core';
import { timersPass, until } from '@resto/testing';
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { RestoProvider, useClient, useLive, useSuspense } from '../src';

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

describe('useSuspense with <Suspense> and <ErrorBoundary>', () => {
  it('the fallback shows while loading, then the data; a 404 reaches the ErrorBoundary with its status', async () => {
    function Title(props: { id: number }) {
      const todo = useSuspense(server.api.get, () => ({ id: props.id }));
      return <h1>{todo()?.title}</h1>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <ErrorBoundary fallback={(e) => <p role="alert">failed {e.status}</p>}>
          <Suspense fallback={<p>loading</p>}>
            <Title id={1} />
          </Suspense>
        </ErrorBoundary>
        <ErrorBoundary fallback={(e) => <p role="alert">failed {e.status}</p>}>
          <Suspense fallback={<p>loading</p>}>
            <Title id={99} />
          </Suspense>
        </ErrorBoundary>
      </RestoProvider>
    ));
    expect(view.getAllByText('loading')).toHaveLength(2);
    await until(() => view.queryByRole('heading')?.textContent === 'todo 1' && view.queryByRole('alert') !== null);
    expect(view.getByRole('alert').textContent).toBe('failed 404');
    expect(view.queryByText('loading')).toBeNull();
    view.unmount();
  });

  it('an accessor argument re-keys the read: the fallback shows again, or, inside a transition, the old data stays until the new one is there', async () => {
    const [id, setId] = createSignal(1);
    let start!: ReturnType<typeof useTransition>[1];
    let pending!: ReturnType<typeof useTransition>[0];
    function Title() {
      const todo = useSuspense(server.api.get, () => ({ id: id() }));
      return <h1>{todo()?.title}</h1>;
    }
    function App() {
      [pending, start] = useTransition();
      return (
        <Suspense fallback={<p>loading</p>}>
          <Title />
        </Suspense>
      );
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <App />
      </RestoProvider>
    ));
    await until(() => view.queryByRole('heading')?.textContent === 'todo 1');

    setId(2);
    expect(view.queryByText('loading')).not.toBeNull();
    await until(() => view.queryByRole('heading')?.textContent === 'todo 2');

    const release = server.hold();
    const done = start(() => setId(3));
    // The request is out and held: the old data still shows, no fallback.
    await until(() => server.hits.some((h) => h.url === '/todos/3'));
    expect(pending()).toBe(true);
    expect(view.getByRole('heading').textContent).toBe('todo 2');
    expect(view.queryByText('loading')).toBeNull();
    release();
    await done;
    await until(() => view.queryByRole('heading')?.textContent === 'todo 3');
    expect(pending()).toBe(false);
    expect(server.count('GET', '/todos/3')).toBe(1);
    view.unmount();
  });

  it('useLive polls while the component lives and stops when it is disposed', async () => {
    const polled = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 20 });
    const [show, setShow] = createSignal(true);
    function Live() {
      const todo = useLive(polled, { id: 1 });
      return <h1>{todo()?.title}</h1>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Suspense fallback={<p>loading</p>}>{show() && <Live />}</Suspense>
      </RestoProvider>
    ));
    await until(() => server.count('GET', '/todos/1') >= 3);
    expect(view.getByRole('heading').textContent).toBe('todo 1');
    setShow(false);
    const after = server.count('GET', '/todos/1');
    await timersPass(server, 20);
    // At most the request already on its way when the component went.
    expect(server.count('GET', '/todos/1')).toBeLessThanOrEqual(after + 1);
    view.unmount();
  });
});

describe('RestoProvider', () => {
  it('without a client it makes one (from initialState when given: no request) and destroys it with the provider', async () => {
    await client.controller.fetch(server.api.get, { id: 2 });
    const state = dehydrate(client);
    let made!: Client;
    function Title() {
      made = useClient();
      const todo = useSuspense(server.api.get, { id: 2 });
      return <h1>{todo()?.title}</h1>;
    }
    const view = render(() => (
      <RestoProvider initialState={state}>
        <Title />
      </RestoProvider>
    ));
    expect(view.getByRole('heading').textContent).toBe('todo 2');
    expect(made).not.toBe(client);
    expect(server.count('GET', '/todos/2')).toBe(1);
    view.unmount();
    expect(made.destroyed).toBe(true);
  });

  it('a client passed in is left alive; initialState with it is an error that says what to do', () => {
    const view = render(() => (
      <RestoProvider client={client}>
        <p>app</p>
      </RestoProvider>
    ));
    view.unmount();
    expect(client.destroyed).toBe(false);
    expect(() => render(() => <RestoProvider client={client} initialState={dehydrate(client)} />)).toThrow(
      /^Resto <RestoProvider>: initialState with a client of your own\. Fix: /,
    );
  });
});
