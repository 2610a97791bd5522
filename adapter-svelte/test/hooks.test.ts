import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { All, Query, RestEndpoint, type Client } from '@resto/core';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { clientContext, getClient, useCache, useDLE, useError, useFetch, useQuery, useSubscription, useSuspense } from '../src';
import { mockClient } from '../src/test';
import { Todo, eachTodoEnv, todoApi, type TodoServer } from './helpers/api';
import { nextTask, recordFetches, timersPass, until } from '@resto/testing';
import Boundary from './fixtures/Boundary.svelte';
import Counter from './fixtures/Counter.svelte';
import Root from './fixtures/Root.svelte';
import Show from './fixtures/Show.svelte';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);
const out = () => screen.getByTestId('out').textContent;
const show = (make: () => { current: unknown }, format?: (v: any) => string) =>
  render(Show, { props: { make, ...(format ? { format } : {}) }, context: clientContext(client) });

describe('useQuery', () => {
  it('reads an entity by pk, follows getter args, and updates when the entity changes', async () => {
    await client.controller.fetch(server.api.list);
    render(Counter, { context: clientContext(client) });
    expect(out()).toBe('todo 1');
    await fireEvent.click(screen.getByText('switch'));
    expect(out()).toBe('todo 2');
    await client.controller.fetch(server.api.update, { id: 2 }, { title: 'two!' });
    await until(() => out() === 'two!');
    expect(server.count('GET', '/todos/2')).toBe(0);
  });

  it('derives with Query over All', async () => {
    const open = new Query(new All(Todo), (todos: Todo[]) => todos.filter((t) => !t.completed).length);
    show(() => useQuery(open));
    expect(out()).toBe('undefined');
    await client.controller.fetch(server.api.list);
    await until(() => out() === '3');
    await client.controller.fetch(server.api.update, { id: 1 }, { completed: true });
    await until(() => out() === '2');
  });
});

describe('cache-only reads', () => {
  it('useCache and useError never fetch; they show what others stored', async () => {
    const fetched = recordFetches();
    render(Show, { props: { make: () => useCache(server.api.get, { id: 1 }), format: (t: Todo | undefined) => t?.title ?? 'none' }, context: clientContext(client) });
    render(Show, { props: { make: () => useError(server.api.get, { id: 99 }), format: (e: { status?: number } | undefined) => String(e?.status ?? 'none') }, context: clientContext(client) });
    const texts = () => screen.getAllByTestId('out').map((e) => e.textContent);
    expect(texts()).toEqual(['none', 'none']);
    await nextTask(); // mounted and effects ran: a fetch would have been called by now
    expect(fetched()).toEqual([]);
    expect(server.hits).toHaveLength(0);
    await client.controller.fetch(server.api.get, { id: 1 });
    await client.controller.fetch(server.api.get, { id: 99 }).catch(() => {});
    await until(() => texts().join() === 'todo 1,404');
  });
});

describe('useFetch', () => {
  it('fetches on mount without being read; current is the running fetch, then undefined', async () => {
    const release = server.hold();
    let fetching: { current: Promise<Todo[]> | undefined } | undefined;
    render(Show, {
      props: { make: () => ((fetching = useFetch(server.api.list)), { current: 'x' }) },
      context: clientContext(client),
    });
    await until(() => server.count('GET', '/todos') === 1);
    expect(fetching!.current).toBeInstanceOf(Promise);
    release();
    // Resolves with the data, as in every adapter (core's fetchIfNeeded).
    expect(await fetching!.current).toHaveLength(3);
    await until(() => fetching!.current === undefined);
    expect(client.controller.getResponse(server.api.list, client.getSnapshot()).data).toHaveLength(3);
  });
});

describe('useSubscription', () => {
  it('polls without fetching on mount when data is fresh', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 40 });
    await client.controller.fetch(endpoint, { id: 1 });
    server.todos.get(1)!.title = 'polled';
    render(Show, {
      props: {
        make: () => (useSubscription(endpoint, { id: 1 }), useCache(endpoint, { id: 1 })),
        format: (t: Todo | undefined) => String(t?.title),
      },
      context: clientContext(client),
    });
    expect(out()).toBe('todo 1');
    await until(() => out() === 'polled');
    cleanup();
    await tick();
    const fetched = recordFetches();
    await timersPass(server, endpoint.pollFrequency!); // two poll periods pass
    expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
  });
});

describe('errors through .current', () => {
  it('useSuspense().current throws a 404 into <svelte:boundary>', async () => {
    render(Boundary, { props: { make: () => useSuspense(server.api.get, { id: 99 }), format: (t: Todo | undefined) => t?.title ?? 'loading' }, context: clientContext(client) });
    expect(out()).toBe('loading');
    expect((await screen.findByTestId('failed')).textContent).toBe('failed 404');
  });

  it('a hard error is thrown over stale data; a soft one stays hidden behind it (core read rule)', async () => {
    await client.controller.fetch(server.api.get, { id: 1 });
    render(Boundary, { props: { make: () => useSuspense(server.api.get, { id: 1 }), format: (t: Todo | undefined) => t?.title ?? 'loading' }, context: clientContext(client) });
    expect(out()).toBe('todo 1');
    await client.controller.setError(server.api.get, { id: 1 }, Object.assign(new Error('down'), { status: 503 }));
    await tick();
    expect(out()).toBe('todo 1');
    await client.controller.setError(server.api.get, { id: 1 }, Object.assign(new Error('gone'), { status: 404 }));
    expect((await screen.findByTestId('failed')).textContent).toBe('failed 404');
  });

  it('useSuspense().refetch retries a failed read', async () => {
    server.fail('GET /todos/1', 500);
    let read!: ReturnType<typeof useSuspense<typeof server.api.get>>;
    render(Boundary, {
      props: { make: () => (read = useSuspense(server.api.get, { id: 1 })), format: (t: Todo | undefined) => t?.title ?? 'loading' },
      context: clientContext(client),
    });
    await until(() => screen.queryByTestId('failed') !== null);
    expect(server.count('GET', '/todos/1')).toBe(1);
    server.fail('GET /todos/1', 0);
    await read.refetch();
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(client.controller.getResponse(server.api.get, { id: 1 }, client.getSnapshot()).data?.title).toBe('todo 1');
  });
});

describe('context', () => {
  it('setClient() makes a client for the subtree and destroys it with the root', async () => {
    let made: Client | undefined;
    const { unmount } = render(Root, { props: { expose: (c: Client) => (made = c) } });
    expect(made).toBeDefined();
    expect(made!.controller).toBeDefined();
    const destroyed: string[] = [];
    const original = made!.destroy.bind(made);
    (made as { destroy: () => void }).destroy = () => {
      destroyed.push('x');
      original();
    };
    unmount();
    expect(destroyed).toEqual(['x']);
  });

  it('setClient(client) shares the given client and leaves it alive', () => {
    let got: Client | undefined;
    const { unmount } = render(Root, { props: { client, expose: (c: Client) => (got = c) } });
    expect(got).toBe(client);
    unmount();
    expect(client.getSnapshot()).toBeDefined();
  });

  it('a read outside any client context names the fix', () => {
    expect(() => render(Show, { props: { make: () => useDLE(server.api.get, { id: 1 }) } })).toThrow(/setClient\(\)/);
    expect(() => getClient()).toThrow();
  });
});

describe('@resto/svelte/test', () => {
  it('mockClient renders fixtures at once and answers later calls', async () => {
    const api = todoApi('http://resto.test');
    const { client: mock, context } = mockClient([
      { endpoint: api.get, args: [{ id: 1 }], response: { id: 1, title: 'fixture', completed: false } },
      { endpoint: api.update, response: (params: { id: number }, body: object) => ({ id: params.id, title: '', completed: false, ...body }) },
    ]);
    render(Show, { props: { make: () => useSuspense(api.get, { id: 1 }), format: (t: Todo | undefined) => String(t?.title) }, context });
    expect(out()).toBe('fixture');
    await mock.controller.fetch(api.update, { id: 1 }, { title: 'intercepted' });
    await until(() => out() === 'intercepted');
    mock.destroy();
  });
});
