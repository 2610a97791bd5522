// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// import { renderDataHook } from '@data-client/test';
import { renderDataHook } from '@resto/react/test';
// import { useController, useSuspense } from '@data-client/react';
import { useController, useSuspense } from '@resto/react';
import App from '../ported/react/App';
import { Todo, TodoResource, UserResource } from '../ported/react/resources';
import { startServer, type RunningServer } from '../server/index';

// The ceiling of a wait for an event: it returns as soon as the event happens.
const EVENT_TIMEOUT = 20_000;

// The app's own tests, as written for @data-client/test (fixtures, no server).
describe('ported app: its data-client tests', () => {
  const todos = [
    { id: 1, userId: 1, title: 'write tests', completed: false },
    { id: 2, userId: 1, title: 'port app', completed: true },
  ];

  it('useSuspense() renders the todo list', () => {
    const { result } = renderDataHook(() => useSuspense(TodoResource.getList, { userId: 1 }), {
      initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: todos }],
    });
    expect(result.current.map((t) => t.title)).toEqual(['write tests', 'port app']);
    expect(result.current[0]).toBeInstanceOf(Todo);
  });

  it('suspends until the resolver answers', async () => {
    const { result, waitForNextUpdate } = renderDataHook(() => useSuspense(UserResource.get, { id: 1 }), {
      resolverFixtures: [{ endpoint: UserResource.get, args: [{ id: 1 }], response: { id: 1, name: 'Alice', username: 'alice' } }],
    });
    expect(result.current).toBeUndefined();
    await waitForNextUpdate({ timeout: EVENT_TIMEOUT });
    expect(result.current.name).toBe('Alice');
  });

  it('creates a todo through getList.push and shows it in the list', async () => {
    const { result } = renderDataHook(
      () => {
        const { fetch } = useController();
        return { fetch, todos: useSuspense(TodoResource.getList, { userId: 1 }) };
      },
      {
        initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: todos }],
        getInitialInterceptorData: () => ({ nextId: 3 }),
        resolverFixtures: [
          {
            endpoint: TodoResource.getList.push,
            response(this: { nextId: number }, _params: unknown, body: Partial<Todo>) {
              return { id: this.nextId++, completed: false, ...body };
            },
          },
        ],
      },
    );
    await act(() => result.current.fetch(TodoResource.getList.push, { userId: 1 }, { title: 'ship it', userId: 1 }));
    expect(result.current.todos.map((t) => t.title)).toEqual(['write tests', 'port app', 'ship it']);
  });
});

// The same app against the real e2e server, rendered in happy-dom.
describe('ported app: against the e2e server', () => {
  let server: RunningServer;
  let root: Root | undefined;
  let container: HTMLElement;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    // the app calls its own origin: point the page at the server
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/`);
  });
  afterAll(() => server.close());
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    server.reset();
  });
  const until = async (check: () => boolean, ms = EVENT_TIMEOUT) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error(`not met within ${ms} ms; page: ${container.textContent}`);
      await act(() => new Promise((r) => setTimeout(r, 10))); // polls; returns as soon as the page shows it
    }
  };
  const items = () => [...container.querySelectorAll('li')].map((li) => li.textContent?.replace('delete', '').trim());

  it('lists, creates, toggles and deletes todos', async () => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root!.render(<App />));
    await until(() => items().length === 4);
    expect(items()[0]).toBe(server.db.todos.get(1)!.title);
    expect(container.querySelector('.remaining')?.textContent).toBe('3 left');

    // create
    const input = container.querySelector<HTMLInputElement>('input[aria-label="new todo"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setValue.call(input, 'from the port');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    // optimistic: shown at once, then confirmed by the server
    await until(() => items().includes('from the port') && server.requests.count('POST', '/todos') === 1);
    await until(() => [...server.db.todos.values()].some((t) => t.title === 'from the port'));

    // toggle (optimistic) and delete
    act(() => container.querySelector<HTMLInputElement>('li[data-todo="1"] input')!.click());
    await until(() => container.querySelector('.remaining')?.textContent === '3 left' && !!server.db.todos.get(1)?.completed);
    act(() => container.querySelector<HTMLButtonElement>('li[data-todo="2"] button')!.click());
    await until(() => !container.querySelector('li[data-todo="2"]') && !server.db.todos.has(2));

    // another user
    act(() => [...container.querySelectorAll('nav button')][1]!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await until(() => container.querySelector('li[data-todo="5"]') !== null);
  });
});
