import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { createClient, getDefaultManagers, RestEndpoint, WindowEventsManager, type Client } from '@resto/core';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clientContext, useDLE, useSuspense } from '../src';
import { Todo, type TodoServer, eachTodoEnv } from './helpers/api';
import { nextTask, recordFetches, until, useFakeClock } from '@resto/testing';
import Capture from './fixtures/Capture.svelte';
import Show from './fixtures/Show.svelte';
import TodoAwait from './fixtures/TodoAwait.svelte';
import TodoDLE from './fixtures/TodoDLE.svelte';
import TodoStore from './fixtures/TodoStore.svelte';
import TodoSwitch from './fixtures/TodoSwitch.svelte';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);
afterEach(() => {
  vi.useRealTimers();
});
const text = (id: string) => screen.getByTestId(id).textContent;

describe('errors', () => {
  it('a 404 rejects the {#await} promise with the status', async () => {
    render(TodoAwait, { props: { api: server.api, id: 99 }, context: clientContext(client) });
    expect((await screen.findByTestId('error')).textContent).toBe('error 404');
    expect(screen.queryByTestId('title')).toBeNull();
  });

  it('a 404 shows as useDLE error, without data', async () => {
    render(TodoDLE, { props: { api: server.api, id: 99 }, context: clientContext(client) });
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByTestId('error')).textContent).toBe('error 404');
  });
  it('args that make no URL (a missing path param) show as useDLE error, not a crash', async () => {
    let read!: ReturnType<typeof useDLE>;
    render(Capture, { props: { make: () => (read = useDLE(server.api.get, {} as { id: number })) }, context: clientContext(client) });
    expect(read.current.loading).toBe(false);
    expect(read.current.error?.message).toMatch(/path parameter "id" .* is missing/);
  });
});

describe('getter args', () => {
  it('re-keys the read when runes state changes, and null skips fetching', async () => {
    render(TodoSwitch, { props: { api: server.api }, context: clientContext(client) });
    await until(() => text('title') === 'todo 1');
    await fireEvent.click(screen.getByText('two'));
    expect(text('title')).toBe('loading');
    await until(() => text('title') === 'todo 2');
    const fetched = recordFetches();
    // Back to a key that is stored: no loading, no new request.
    await fireEvent.click(screen.getByText('one'));
    expect(text('title')).toBe('todo 1');
    await fireEvent.click(screen.getByText('off'));
    expect(text('title')).toBe('off');
    await nextTask();
    expect(fetched()).toEqual([]);
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(server.count('GET', '/todos/2')).toBe(1);
    expect(server.hits.filter((h) => h.method === 'GET')).toHaveLength(2);
  });

  it('releases the previous key when the args change', async () => {
    const gc = client.controller.gc as unknown as { refCount(key: string): number };
    render(TodoSwitch, { props: { api: server.api }, context: clientContext(client) });
    await until(() => text('title') === 'todo 1');
    const key1 = server.api.get.key({ id: 1 });
    expect(gc.refCount(key1)).toBeGreaterThan(0);
    await fireEvent.click(screen.getByText('two'));
    await until(() => text('title') === 'todo 2');
    await until(() => gc.refCount(key1) === 0);
    expect(gc.refCount(server.api.get.key({ id: 2 }))).toBeGreaterThan(0);
  });
});

describe('null args and invalidation', () => {
  it('null args skip the read: no fetch, no data', async () => {
    const fetched = recordFetches();
    render(Show, {
      props: { make: () => useDLE(server.api.get, null), format: (s: { data?: unknown; loading: boolean }) => `${s.data}/${s.loading}` },
      context: clientContext(client),
    });
    expect(text('out')).toBe('undefined/false');
    await nextTask();
    expect(fetched()).toEqual([]);
    expect(server.hits).toHaveLength(0);
  });

  it('invalidating shows {#await} pending again, then the refetched data', async () => {
    render(TodoAwait, { props: { api: server.api, id: 1 }, context: clientContext(client) });
    await until(() => screen.queryByTestId('title')?.textContent === 'todo 1');
    server.todos.get(1)!.title = 'refetched';
    const release = server.hold();
    await client.controller.invalidate(server.api.get, { id: 1 });
    await until(() => screen.queryByText('loading') !== null);
    release();
    await until(() => screen.queryByTestId('title')?.textContent === 'refetched');
    expect(server.count('GET', '/todos/1')).toBe(2);
  });
});

/** A client that revalidates when the page is visible again (the WindowEventsManager's, opt-in), closed after the test. */
function windowedClient(): Client {
  const windowed = createClient({ retry: 0, managers: [...getDefaultManagers(), new WindowEventsManager()] });
  onTestFinished(() => windowed.destroy());
  return windowed;
}

describe('stale-while-revalidate', () => {
  it('keeps showing stale data while it refetches, then shows the new data', async () => {
    client = windowedClient();
    useFakeClock(); // expiry comes when the test moves the clock
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, dataExpiryLength: 100 });
    render(TodoDLE, { props: { api: { ...server.api, get }, id: 1 }, context: clientContext(client) });
    await until(() => screen.queryByTestId('title')?.textContent === 'todo 1');
    server.todos.get(1)!.title = 'renamed';
    const release = server.hold();
    const fetched = recordFetches();
    // Expiry passes while mounted: the data is stale, nothing is fetched for that...
    await vi.advanceTimersByTimeAsync(110);
    await nextTask();
    expect(fetched()).toEqual([]);
    expect(server.count('GET', '/todos/1')).toBe(1);
    // ...until the page is visible again: a refetch starts and the old data stays on screen.
    client.focus!.set(false);
    client.focus!.set(true);
    await until(() => server.count('GET', '/todos/1') === 2);
    await until(() => text('title') === 'todo 1 (refreshing)');
    release();
    await until(() => text('title') === 'renamed');
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('an {#await} block never falls back to pending while stale data revalidates', async () => {
    client = windowedClient();
    useFakeClock(); // expiry comes when the test moves the clock
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, dataExpiryLength: 100 });
    render(TodoAwait, { props: { api: { ...server.api, get }, id: 1 }, context: clientContext(client) });
    await until(() => screen.queryByTestId('title')?.textContent === 'todo 1');
    server.todos.get(1)!.title = 'renamed';
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    // Stale once expired; the page becoming visible again revalidates.
    await vi.advanceTimersByTimeAsync(110);
    client.focus!.set(false);
    client.focus!.set(true);
    await until(() => text('title') === 'renamed');
    observer.disconnect();
    expect([...seen].some((t) => t.includes('loading'))).toBe(false);
  });
});

describe('stores and runes', () => {
  it('$store syntax follows getter args and fixed args', async () => {
    render(TodoStore, { props: { api: server.api }, context: clientContext(client) });
    expect(text('title')).toBe('loading');
    await until(() => text('title') === 'todo 1' && text('dle') === 'todo 3');
    await fireEvent.click(screen.getByText('two'));
    await until(() => text('title') === 'todo 2');
  });

  it('store subscribe works outside components (plain subscribers)', async () => {
    // A read made inside a component, consumed by a plain store subscriber.
    let read!: ReturnType<typeof useSuspense<typeof server.api.get>>;
    render(Capture, { props: { make: () => (read = useSuspense(server.api.get, { id: 2 })) }, context: clientContext(client) });
    const values: unknown[] = [];
    const stop = read.subscribe((v) => values.push(v && (v as Todo).title));
    await until(() => values.includes('todo 2'));
    expect(values[0]).toBeUndefined();
    stop();
  });
});
