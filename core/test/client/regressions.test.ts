import { waitFor } from '@resto/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { All, createClient, Entity, expiryTimer, GCPolicy, Invalidate, NetworkManager, Query, QueryObserver, RestEndpoint, SubscriptionManager, type Client } from '../../src';
import { createMockClient } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const api = 'http://api.test';
const getTodo = new RestEndpoint({ urlPrefix: api, path: '/todos/:id', schema: Todo });
const listTodos = new RestEndpoint({ urlPrefix: api, path: '/todos', schema: [Todo] });
const optimisticPatch = new RestEndpoint({
  urlPrefix: api,
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  getOptimisticResponse(snap: any, params: { id: number }, body: Partial<Todo>) {
    const stored = snap.get(Todo, params);
    if (!stored) throw snap.abort;
    return { ...stored, ...body };
  },
});
const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
const seed = [
  { id: 1, title: 't1', completed: false },
  { id: 2, title: 't2', completed: false },
];

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

describe('soft errors behind unusable data', () => {
  it('an invalidated read that then fails softly shows the error instead of loading forever', async () => {
    let calls = 0;
    const mock = createMockClient([
      {
        endpoint: getTodo,
        response: ({ id }: { id: number }) => {
          if (++calls > 1) throw Object.assign(new Error('down'), { status: 503 });
          return { id, title: 'first', completed: false };
        },
      },
    ]);
    client = mock;
    await mock.controller.fetch(getTodo, { id: 1 });
    await mock.controller.invalidate(getTodo, { id: 1 });
    const obs = mock.observe(getTodo, { id: 1 });
    const u = obs.subscribe(() => {});
    await waitFor(() => expect(obs.getSnapshot().error?.status).toBe(503));
    expect(obs.getSnapshot()).toMatchObject({ data: undefined, loading: false });
    await obs.promise();
    await obs.promise();
    expect(calls).toBe(2);
    u();
  });
});

describe('optimistic updates', () => {
  it('an optimistic value that does not fit the schema is skipped; the store keeps working', async () => {
    const bad = optimisticPatch.extend({ getOptimisticResponse: () => [{ id: 1 }] });
    const mock = createMockClient([
      { endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: 'a', completed: false }) },
      { endpoint: bad, response: (p: { id: number }, body: object) => ({ ...p, title: 'a', completed: false, ...body }) },
    ]);
    client = mock;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mock.controller.fetch(getTodo, { id: 1 });
    expect(await mock.controller.fetch(bad, { id: 1 }, { completed: true })).toMatchObject({ completed: true });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('optimistic response does not fit'), expect.anything());
    await mock.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b', completed: false });
    expect(mock.controller.get(Todo, { id: 2 }, mock.getSnapshot())).toMatchObject({ title: 'b' });
    expect(mock.getSnapshot().optimistic).toHaveLength(0);
    errors.mockRestore();
  });

  it('an optimistic value that does not fit the schema is reported once while the mutation is pending, not on every store change', async () => {
    fakeTimers();
    const bad = optimisticPatch.extend({ getOptimisticResponse: () => [{ id: 1 }] });
    const mock = createMockClient([
      { endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: 'a', completed: false }) },
      { endpoint: bad, response: (p: { id: number }, body: object) => ({ ...p, title: 'a', completed: false, ...body }), delay: 100 },
    ]);
    client = mock;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mock.controller.fetch(getTodo, { id: 1 });
    const pending = mock.controller.fetch(bad, { id: 1 }, { completed: true });
    for (let id = 2; id < 12; id++) await mock.controller.setResponse(getTodo, { id }, { id, title: 'b', completed: false });
    const fits = (call: unknown[]) => String(call[0]).includes('optimistic response does not fit');
    expect(errors.mock.calls.filter(fits)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    await pending;
    errors.mockRestore();
  });

  it('two updates started in the same millisecond each keep their overlay until their own answer', async () => {
    fakeTimers();
    const mock = createMockClient([
      { endpoint: listTodos, args: [], response: seed },
      { endpoint: optimisticPatch, response: (p: { id: number }, body: object) => ({ ...seed[0], ...p, ...body }), delay: 100 },
    ]);
    client = mock;
    await mock.controller.fetch(listTodos);
    const first = mock.controller.fetch(optimisticPatch, { id: 1 }, { completed: true });
    const slow = optimisticPatch.extend({});
    (mock.mock.fixtures as any[]).push({
      endpoint: slow,
      response: (p: { id: number }, body: object) => ({ ...seed[0], completed: true, ...p, ...body }),
      delay: 300,
    });
    mock.mock.fixtures = [...mock.mock.fixtures].reverse(); // the slow interceptor answers the second call
    const second = mock.controller.fetch(slow, { id: 1 }, { title: 'renamed' });
    const read = () => mock.controller.get(Todo, { id: 1 }, mock.getSnapshot());
    expect(read()).toMatchObject({ completed: true, title: 'renamed' });
    await vi.advanceTimersByTimeAsync(100);
    await first;
    expect(read()).toMatchObject({ completed: true, title: 'renamed' });
    await vi.advanceTimersByTimeAsync(200);
    await second;
    expect(read()).toMatchObject({ completed: true, title: 'renamed' });
  });

  it('a pending update does not change identity on unrelated actions', async () => {
    fakeTimers();
    const mock = createMockClient([
      { endpoint: listTodos, args: [], response: seed },
      { endpoint: optimisticPatch, response: (p: { id: number }, body: object) => ({ ...seed[0], ...p, ...body }), delay: 100 },
    ]);
    client = mock;
    await mock.controller.fetch(listTodos);
    const pending = mock.controller.fetch(optimisticPatch, { id: 1 }, { completed: true });
    const list = mock.observeWith({ fetch: false }, listTodos, []);
    const u = list.subscribe(() => {});
    const before = list.getSnapshot();
    expect(before.data![0]!.completed).toBe(true);
    await mock.controller.setResponse(new RestEndpoint({ urlPrefix: api, path: '/other' }), { x: 1 });
    expect(list.getSnapshot()).toBe(before);
    await vi.advanceTimersByTimeAsync(100);
    await pending;
    u();
  });
});

describe('ordering of errors', () => {
  it('a request that started before newer data and then fails does not hide that data', async () => {
    fakeTimers();
    const mock = createMockClient([
      { endpoint: getTodo, response: () => Object.assign(new Error('gone'), { status: 404 }), error: true, delay: 100 },
    ]);
    client = mock;
    const failing = mock.controller.fetch(getTodo, { id: 1 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10);
    await mock.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'pushed', completed: false });
    await vi.advanceTimersByTimeAsync(100);
    expect((await failing).status).toBe(404);
    const state = mock.getSnapshot();
    expect(mock.controller.getError(getTodo, { id: 1 }, state)).toBeUndefined();
    expect(mock.controller.getResponse(getTodo, { id: 1 }, state).data).toMatchObject({ title: 'pushed' });
  });
});

describe('garbage collection and derived reads', () => {
  it('entities shown by a subscribed query survive sweeps; the rest go', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const mock = createMockClient([{ endpoint: listTodos.extend({ dataExpiryLength: 100 }), args: [], response: seed }], {
      managers: [new NetworkManager(), new SubscriptionManager(), gc],
    });
    client = mock;
    await mock.controller.fetch(listTodos.extend({ dataExpiryLength: 100 }));
    const one = new QueryObserver<Todo>(mock, Todo, [{ id: 1 }]);
    const u = one.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    await gc.sweep();
    expect(one.getSnapshot()).toMatchObject({ title: 't1' });
    expect(mock.controller.get(new All(Todo), mock.getSnapshot()).map((t: Todo) => t.id)).toEqual([1]);
    u();
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
  });
});

describe('garbage collection and derived reads: what a live query read', () => {
  it('a subscribed count over All keeps every entity it counts, though its data holds none of them', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const list = listTodos.extend({ dataExpiryLength: 100 });
    const mock = createMockClient([{ endpoint: list, args: [], response: seed }], {
      managers: [new NetworkManager(), new SubscriptionManager(), gc],
    });
    client = mock;
    await mock.controller.fetch(list);
    const count = new QueryObserver<number>(mock, new Query(new All(Todo), (todos: Todo[]) => todos.length), []);
    const u = count.subscribe(() => {});
    expect(count.getSnapshot()).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    await gc.sweep(); // the list is collected; the todos it brought are still counted
    expect(mock.getSnapshot().endpoints).toEqual({});
    expect(count.getSnapshot()).toBe(2);
    u();
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
  });

  it('a live query of a deleted entity keeps its tombstone until it leaves', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const remove = new RestEndpoint({ urlPrefix: api, path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) });
    const mock = createMockClient(
      [
        { endpoint: getTodo.extend({ dataExpiryLength: 100 }), response: ({ id }: { id: number }) => ({ id, title: `t${id}`, completed: false }) },
        { endpoint: remove, response: ({ id }: { id: number }) => ({ id }) },
      ],
      { managers: [new NetworkManager(), new SubscriptionManager(), gc] },
    );
    client = mock;
    await mock.controller.fetch(getTodo.extend({ dataExpiryLength: 100 }), { id: 1 });
    const one = new QueryObserver<Todo>(mock, Todo, [{ id: 1 }]);
    const u = one.subscribe(() => {});
    await mock.controller.fetch(remove, { id: 1 });
    expect(one.getSnapshot()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000 + 1000);
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo?.['1']).toBeDefined();
    expect(one.getSnapshot()).toBeUndefined();
    u();
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
  });
});

describe('invalidIfStale and suspense', () => {
  it('a suspending read waits for fresh data even though stale data is stored', async () => {
    fakeTimers();
    const ep = getTodo.extend({ dataExpiryLength: 1000, invalidIfStale: true });
    let calls = 0;
    const mock = createMockClient([
      { endpoint: ep, response: ({ id }: { id: number }) => ({ id, title: `v${++calls}`, completed: false }), delay: 50 },
    ]);
    client = mock;
    const first = mock.observe(ep, { id: 1 });
    const p1 = first.promise();
    await vi.advanceTimersByTimeAsync(50);
    await p1;
    expect(first.getSnapshot().data).toMatchObject({ title: 'v1' });
    await vi.advanceTimersByTimeAsync(1500);
    const later = mock.observe(ep, { id: 1 });
    let settled = false;
    void later.promise().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    expect(later.getSnapshot().data).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(true);
    expect(later.getSnapshot().data).toMatchObject({ title: 'v2' });
  });
});

describe('cache-only reads', () => {
  it('learn when invalidIfStale data expires, without fetching', async () => {
    fakeTimers();
    const ep = getTodo.extend({ dataExpiryLength: 1000, invalidIfStale: true });
    let calls = 0;
    const mock = createMockClient([{ endpoint: ep, response: ({ id }: { id: number }) => (calls++, { id, title: 'a', completed: false }) }], { expiryTimer });
    client = mock;
    await mock.controller.fetch(ep, { id: 1 });
    const obs = mock.observeWith({ fetch: false }, ep, [{ id: 1 }]);
    const listener = vi.fn();
    const u = obs.subscribe(listener);
    expect(obs.getSnapshot().data).toMatchObject({ title: 'a' });
    await vi.advanceTimersByTimeAsync(1001);
    expect(listener).toHaveBeenCalled();
    expect(obs.getSnapshot().data).toBeUndefined();
    expect(calls).toBe(1);
    u();
  });
});

describe('client objects', () => {
  it('carry no getters of their own (per-client accessors kept whole stores alive through minor GCs)', () => {
    const a = createClient({ managers: [] });
    const b = createClient({ managers: [] });
    for (const c of [a, b]) {
      for (const key of Reflect.ownKeys(c)) expect(Object.getOwnPropertyDescriptor(c, key)!.get, String(key)).toBeUndefined();
    }
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(a.destroyed).toBe(false);
    expect(a.listenerCount).toBe(0);
    const stop = a.subscribe(() => {});
    a.observe(getTodo, { id: 1 }).subscribe(() => {});
    expect(a.listenerCount).toBe(2);
    stop();
    expect(a.listenerCount).toBe(1);
    a.destroy();
    expect(a.destroyed).toBe(true);
    expect(a.listenerCount).toBe(0);
    expect(b.destroyed).toBe(false);
    b.destroy();
  });

  it('keep their getters when extended (createMockClient adds `mock`)', () => {
    client = createMockClient([]);
    expect(client.listenerCount).toBe(0);
    client.destroy();
    expect(client.destroyed).toBe(true);
  });
});
