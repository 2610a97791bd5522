// @vitest-environment happy-dom
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  All,
  BoundedGCPolicy,
  Endpoint,
  Collection,
  EnvironmentSignal,
  Entity,
  GCPolicy,
  NetworkManager,
  Query,
  QueryObserver,
  RestEndpoint,
  SubscriptionManager,
  Union,
  Values,
  WindowEventsManager,
  getDefaultManagers,
  createClient,
  FETCH,
  type ActionTypes,
  type Client,
} from '../../src';
import { createMockClient, mockInitialState } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
const listTodos = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos', schema: [Todo] });
const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

describe('polling (SubscriptionManager)', () => {
  it('polls at the smallest frequency among subscribers and stops with the last', async () => {
    fakeTimers();
    let calls = 0;
    const time = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 1000 });
    const fast = time.extend({ pollFrequency: 250 });
    const mock = createMockClient([{ endpoint: time, response: () => ({ now: ++calls }) }]);
    client = mock;
    const slowObs = mock.observeWith({ poll: true }, time, []);
    const u1 = slowObs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1); // the initial fetch
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(4);
    const fastObs = mock.observeWith({ poll: true }, fast, []);
    const u2 = fastObs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(8);
    u2();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(9);
    u1();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(9);
    const subs = mock.managers.find((m) => m instanceof SubscriptionManager) as SubscriptionManager;
    expect(subs.active.size).toBe(0);
  });

  it('keeps polling with an endpoint still subscribed when the first subscriber of a shared key leaves', async () => {
    fakeTimers();
    const calls: string[] = [];
    const slow = new Endpoint(async () => (calls.push('slow'), { now: 1 }), { name: 'time', key: () => 'GET /time', pollFrequency: 1000 });
    const fast = new Endpoint(async () => (calls.push('fast'), { now: 2 }), { name: 'time', key: () => 'GET /time', pollFrequency: 250 });
    client = createClient({ focus: new EnvironmentSignal(true), managers: [new NetworkManager(), new SubscriptionManager()] });
    client.focus!.set(true);
    const u1 = client.observeWith({ poll: true }, slow, []).subscribe(() => {});
    const u2 = client.observeWith({ poll: true }, fast, []).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    u1(); // the first subscriber leaves: what polls now is the one still showing the key
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['fast', 'fast', 'fast', 'fast']);
    u2();
  });

  it('a pollFrequency past setInterval\'s range (Infinity, or over 2^31-1 ms) never polls, instead of every millisecond', async () => {
    fakeTimers();
    let calls = 0;
    const time = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: Infinity });
    const huge = time.extend({ pollFrequency: 2 ** 31 });
    const mock = createMockClient([{ endpoint: time, response: () => ({ now: ++calls }) }]);
    client = mock;
    const u1 = mock.observeWith({ poll: true }, time, []).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1); // the initial fetch only
    const u2 = mock.observeWith({ poll: true }, huge, []).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    u1();
    u2();
  });

  it('pollFrequency does nothing for a plain read: only subscriptions and live reads poll', async () => {
    fakeTimers();
    let calls = 0;
    const time = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 100 });
    const mock = createMockClient([{ endpoint: time, response: () => ({ now: ++calls }) }]);
    client = mock;
    const u = mock.observe(time).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    u();
  });

  it('the last poll leaving is not the client ending: a subclass cleanup() runs only on destroy()', async () => {
    fakeTimers();
    let cleanups = 0;
    class MySubscriptions extends SubscriptionManager {
      override cleanup() {
        cleanups++;
        super.cleanup();
      }
    }
    const time = new Endpoint(async () => ({ now: 1 }), { name: 'time', pollFrequency: 1000 });
    client = createClient({ managers: [new NetworkManager(), new MySubscriptions()] });
    const stop = client.observeWith({ poll: true }, time, []).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(cleanups).toBe(0);
    client.destroy();
    expect(cleanups).toBe(1);
  });

  it('pauses while the page is hidden and refetches once on return', async () => {
    fakeTimers();
    let calls = 0;
    const time = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 1000 });
    // The page's visibility reaches the client through its WindowEventsManager; `{ poll: true }` polls through the SubscriptionManager.
    const mock = createMockClient([{ endpoint: time, response: () => ({ now: ++calls }) }], { managers: [...getDefaultManagers(), new SubscriptionManager(), new WindowEventsManager()] });
    client = mock;
    const u = mock.observeWith({ poll: true }, time, []).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    const setVisibility = (v: string) => {
      Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(5);
    u();
  });

  it('skips a tick while offline or while the previous poll of the key is still out: no pile of waiting fetches', async () => {
    fakeTimers();
    let calls = 0;
    let answer: (() => void) | undefined;
    const time = new Endpoint(() => new Promise((resolve) => (answer = () => resolve({ now: ++calls }))), { name: 'time', pollFrequency: 1000 });
    const network = new NetworkManager();
    client = createClient({ online: new EnvironmentSignal(true), focus: new EnvironmentSignal(true), managers: [network, new SubscriptionManager()] });
    client.focus!.set(true);
    client.online!.set(false);
    const fetches = vi.spyOn(client.controller, 'fetch');
    const obs = client.observeWith({ poll: true }, time, []);
    const stop = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000); // an hour offline
    expect(fetches).toHaveBeenCalledTimes(0); // not one poll per second waiting for the network
    client.online!.set(true);
    await vi.advanceTimersByTimeAsync(0);
    answer!(); // the read held while offline goes out and is answered
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot().data).toEqual({ now: 1 });
    // A poll that takes 5 s: the ticks meanwhile add nothing.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetches).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(network.pending).toBe(1);
    answer!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(obs.getSnapshot().data).toEqual({ now: 2 });
    expect(fetches).toHaveBeenCalledTimes(2);
    stop();
  });

  it('poll errors follow errorPolicy: soft errors keep the last data', async () => {
    fakeTimers();
    let calls = 0;
    const time = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 1000 });
    const mock = createMockClient([
      {
        endpoint: time,
        response: () => {
          calls++;
          if (calls > 1) throw Object.assign(new Error('down'), { status: 503 });
          return { now: 1 };
        },
      },
    ]);
    client = mock;
    const obs = mock.observeWith({ poll: true }, time, []);
    const u = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toBe(2);
    expect(obs.getSnapshot()).toMatchObject({ data: { now: 1 }, error: undefined });
    u();
  });
});

describe('fixtures and interceptors', () => {
  it('answer only the endpoints they match, exact fixtures first, with delays and errors', async () => {
    fakeTimers();
    const update = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', method: 'PATCH', schema: Todo });
    const mock = createMockClient([
      { endpoint: getTodo, args: [{ id: 1 }], response: { id: 1, title: 'exact' } },
      { endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `intercepted ${id}` }), delay: 500 },
      { endpoint: update, response: (p: { id: number }, body: object) => ({ ...p, ...body }) },
      { endpoint: getTodo, args: [{ id: 404 }], response: Object.assign(new Error('missing'), { status: 404 }), error: true },
    ]);
    client = mock;
    expect(await mock.controller.fetch(getTodo, { id: 1 })).toMatchObject({ title: 'exact' });
    const later = mock.controller.fetch(getTodo, { id: 7 });
    let settled = false;
    void later.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await later).toMatchObject({ title: 'intercepted 7' });
    expect(await mock.controller.fetch(update, { id: 7 }, { title: 'patched' })).toMatchObject({ title: 'patched' });
    await expect(mock.controller.fetch(getTodo, { id: 404 })).rejects.toMatchObject({ status: 404 });
    // A different path matches nothing.
    const other = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/users/:id' });
    await expect(mock.controller.fetch(other, { id: 1 })).rejects.toThrow(/no fixture matches GET http:\/\/api.test\/users\/1/);
  });

  it('mockInitialState prefills the store', () => {
    const state = mockInitialState([{ endpoint: listTodos, args: [], response: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] }]);
    client = createClient({ initialState: state });
    const { data } = client.controller.getResponse(listTodos, client.getSnapshot());
    expect(data?.map((t: Todo) => t.title)).toEqual(['a', 'b']);
    expect(client.controller.get(Todo, { id: 2 }, client.getSnapshot())).toMatchObject({ title: 'b' });
  });
});

describe('garbage collection (GCPolicy)', () => {
  const setup = (options: ConstructorParameters<typeof BoundedGCPolicy>[0], Policy: typeof GCPolicy = GCPolicy) => {
    const gc = new Policy(options);
    const fixtures = [
      { endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) },
      { endpoint: listTodos, args: [], response: [{ id: 1, title: 't1' }, { id: 2, title: 't2' }] },
    ];
    const mock = createMockClient(fixtures, { managers: [new NetworkManager(), new SubscriptionManager(), gc] });
    client = mock;
    return { gc, mock };
  };

  it('removes unread expired data and keeps what is read', async () => {
    fakeTimers();
    const { gc, mock } = setup({ intervalMS: 10_000, graceMS: 1000 });
    const readEp = getTodo.extend({ dataExpiryLength: 1000 });
    const unreadEp = getTodo.extend({ dataExpiryLength: 1000 });
    const obs = mock.observe(readEp, { id: 1 });
    const u = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await mock.controller.fetch(unreadEp, { id: 5 });
    expect(Object.keys(mock.getSnapshot().entities.Todo!)).toEqual(['1', '5']);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10);
    const state = mock.getSnapshot();
    expect(Object.keys(state.entities.Todo!)).toEqual(['1']);
    expect(Object.keys(state.endpoints)).toEqual([readEp.key({ id: 1 })]);
    expect(gc.refCount(readEp.key({ id: 1 }))).toBe(1);
    u();
    expect(gc.refCount(readEp.key({ id: 1 }))).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
    expect(mock.getSnapshot().endpoints).toEqual({});
  });

  it('owns no timer until something is read', async () => {
    fakeTimers();
    const { mock } = setup({ intervalMS: 1000 });
    expect(vi.getTimerCount()).toBe(0);
    // A cache-only read of nothing schedules no expiry timer of its own: the one timer is the GC's.
    const u = mock.observeWith({ fetch: false }, getTodo, [{ id: 1 }]).subscribe(() => {});
    expect(vi.getTimerCount()).toBe(1);
    u();
  });

  it('does not collect fresh data nobody reads yet', async () => {
    fakeTimers();
    const { gc, mock } = setup({ intervalMS: 1000, graceMS: 1000 });
    await mock.controller.fetch(getTodo, { id: 3 }); // expires in 60 s
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo?.['3']).toBeDefined();
  });

  it('takes the bound and the sliced sweep as BoundedGCPolicy options; a BoundedGCPolicy is found as a GCPolicy', () => {
    const bounded = new BoundedGCPolicy({ maxEntities: 2, chunkSize: 10 });
    expect(bounded).toBeInstanceOf(GCPolicy);
    expect([bounded.maxEntities, bounded.chunkSize, bounded.graceMS, bounded.intervalMS]).toEqual([2, 10, 60_000, 60_000]);
    // @ts-expect-error GCPolicy has no bound: it comes with BoundedGCPolicy
    expect(new GCPolicy({ maxEntities: 2 })).not.toHaveProperty('maxEntities');
    expectTypeOf<ConstructorParameters<typeof GCPolicy>[0]>().toMatchTypeOf<ConstructorParameters<typeof BoundedGCPolicy>[0]>();
  });

  it('with maxEntities, evicts least recently read results first', async () => {
    fakeTimers();
    const { gc, mock } = setup({ intervalMS: 1_000_000, graceMS: 1_000_000, maxEntities: 2 }, BoundedGCPolicy);
    for (const id of [1, 2, 3, 4]) {
      const u = mock.observe(getTodo, { id }).subscribe(() => {});
      await vi.advanceTimersByTimeAsync(10);
      u();
    }
    // Read 1 again: now 2 is the least recently read.
    const u = mock.observe(getTodo, { id: 1 }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    u();
    await gc.sweep();
    await vi.advanceTimersByTimeAsync(10);
    expect(Object.keys(mock.getSnapshot().entities.Todo!).sort()).toEqual(['1', '4']);
  });

  it('with maxEntities, keeps unreached entities still in their grace while they fit, and drops expired ones', async () => {
    fakeTimers();
    const now = Date.now();
    // Entities no stored result reaches (their lists were collected): 3 long expired, 2 fresh.
    const table: Record<string, unknown> = {};
    const metas: Record<string, { fetchedAt: number; date: number; expiresAt: number }> = {};
    for (const id of [1, 2, 3, 4, 5]) {
      table[id] = { id, title: `t${id}` };
      const expiresAt = id <= 3 ? now - 10_000 : now + 60_000;
      metas[id] = { fetchedAt: expiresAt - 60_000, date: expiresAt - 60_000, expiresAt };
    }
    const stored = (c: { getSnapshot(): { entities: Record<string, Record<string, unknown> | undefined> } }) =>
      Object.keys(c.getSnapshot().entities.Todo ?? {}).sort();
    const gc = new BoundedGCPolicy({ intervalMS: 1_000_000, graceMS: 1000, maxEntities: 3 });
    const base = createClient().getSnapshot();
    const mixed = createClient({ managers: [new NetworkManager(), gc], initialState: { ...base, entities: { Todo: table }, entitiesMeta: { Todo: metas } } });
    client = mixed;
    await gc.sweep();
    expect(stored(mixed)).toEqual(['4', '5']);
    // Five fresh ones over a bound of three: three stay.
    const fresh = Object.fromEntries(Object.keys(metas).map((id) => [id, { ...metas[id]!, expiresAt: now + 60_000 }]));
    const gc2 = new BoundedGCPolicy({ intervalMS: 1_000_000, graceMS: 1000, maxEntities: 3 });
    const full = createClient({ managers: [new NetworkManager(), gc2], initialState: { ...base, entities: { Todo: table }, entitiesMeta: { Todo: fresh } } });
    await gc2.sweep();
    expect(stored(full)).toHaveLength(3);
    full.destroy();
  });

  it('does not collect an entity stored afresh while the sweep yields (its old meta was expired)', async () => {
    fakeTimers();
    const now = Date.now();
    // Todo 1 is stored long expired and no result reaches it; Todo 2 is read (kept), so the
    // sweep yields to the host after it (chunkSize 1).
    const old = { fetchedAt: now - 200_000, date: now - 200_000, expiresAt: now - 100_000 };
    const base = createClient().getSnapshot();
    const gc = new BoundedGCPolicy({ intervalMS: 1_000_000, graceMS: 1000, chunkSize: 1 });
    const mock = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `new${id}` }) }], {
      managers: [new NetworkManager(), gc],
      initialState: { ...base, entities: { Todo: { 1: { id: 1, title: 'old' } } }, entitiesMeta: { Todo: { 1: old } } },
    });
    client = mock;
    const u = mock.observe(getTodo, { id: 2 }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const sweeping = gc.sweep();
    // While the sweep waits for the host, Todo 1 is fetched again: fresh, and read by its result.
    const todo = await mock.controller.fetch(getTodo, { id: 1 });
    expect(todo.title).toBe('new1');
    await vi.advanceTimersByTimeAsync(10);
    await sweeping;
    expect(mock.getSnapshot().entities.Todo?.['1']).toEqual({ id: 1, title: 'new1' });
    u();
  });

  it('finds what a stored result reaches without building its entities: nested ones through a Collection stay, the rest go', async () => {
    fakeTimers();
    let built = 0;
    class Author extends Entity {
      id = 0;
      name = '';
      static override key = 'GCAuthor';
      constructor() {
        super();
        built++;
      }
    }
    class Post extends Entity {
      id = 0;
      author = Author.fromJS();
      static override key = 'GCPost';
      static override schema = { author: Author };
      constructor() {
        super();
        built++;
      }
    }
    const posts = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/posts', schema: new Collection([Post]) });
    const post = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/posts/:id', schema: Post, dataExpiryLength: 10 });
    // A bound of three (the list, its post and author): entities no kept result reaches go at once.
    const gc = new BoundedGCPolicy({ intervalMS: 1_000_000, graceMS: 10, maxEntities: 3 });
    const mock = createMockClient(
      [
        { endpoint: posts, args: [], response: [{ id: 1, author: { id: 7, name: 'a' } }] },
        { endpoint: post, response: ({ id }: { id: number }) => ({ id, author: { id: 8, name: 'c' } }) },
      ],
      { managers: [new NetworkManager(), gc] },
    );
    client = mock;
    await mock.controller.fetch(posts);
    await mock.controller.fetch(post, { id: 2 });
    // The unread list's author changes after it was last read.
    await mock.controller.setResponse(post, { id: 1 }, { id: 1, author: { id: 7, name: 'b' } });
    await vi.advanceTimersByTimeAsync(100);
    built = 0;
    await gc.sweep();
    const after = mock.getSnapshot();
    expect(Object.keys(after.endpoints)).toEqual([posts.key()]);
    expect(Object.keys(after.entities.GCPost ?? {})).toEqual(['1']);
    expect(Object.keys(after.entities.GCAuthor ?? {})).toEqual(['7']);
    expect(built).toBe(0);
  });

  it('keeps the entities a reader reads; an unread result keeps its entities only until their own expiry and grace, as in data-client', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const list = listTodos.extend({ dataExpiryLength: 100 });
    const one = getTodo.extend({ dataExpiryLength: 100 });
    const mock = createMockClient(
      [
        { endpoint: list, args: [], response: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] },
        { endpoint: one, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) },
      ],
      { managers: [new NetworkManager(), gc] },
    );
    client = mock;
    await mock.controller.fetch(list);
    await mock.controller.fetch(one, { id: 3 });
    const release = gc.retain(one, [{ id: 3 }]);
    // Past the entities' expiry and grace (200 ms), but the list was last read at 150 ms: it stays till 250.
    await vi.advanceTimersByTimeAsync(150);
    gc.retain(list, [])();
    await vi.advanceTimersByTimeAsync(70);
    await gc.sweep();
    const after = mock.getSnapshot();
    expect(Object.keys(after.endpoints).sort()).toEqual([list.key(), one.key({ id: 3 })].sort());
    expect(Object.keys(after.entities.Todo ?? {})).toEqual(['3']);
    release();
  });

  it('keeps an unread result until the grace after its expiry has passed, as its entities', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const one = getTodo.extend({ dataExpiryLength: 100 });
    const mock = createMockClient([{ endpoint: one, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) }], { managers: [new NetworkManager(), gc] });
    client = mock;
    await mock.controller.fetch(one, { id: 1 });
    await vi.advanceTimersByTimeAsync(150);
    await gc.sweep();
    expect(Object.keys(mock.getSnapshot().endpoints)).toEqual([one.key({ id: 1 })]);
    await vi.advanceTimersByTimeAsync(60);
    await gc.sweep();
    expect(mock.getSnapshot().endpoints).toEqual({});
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
  });

  it('counts a result read from its last release: a read that holds nothing (a snapshot of an unsubscribed observer) does not keep it', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 100 });
    const one = getTodo.extend({ dataExpiryLength: 0 });
    const mock = createMockClient([{ endpoint: one, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) }], { managers: [new NetworkManager(), gc] });
    client = mock;
    await mock.controller.fetch(one, { id: 1 });
    gc.retain(one, [{ id: 1 }])();
    await vi.advanceTimersByTimeAsync(150);
    expect(mock.observe(one, { id: 1 }).getSnapshot().data).toMatchObject({ title: 't1' });
    await vi.advanceTimersByTimeAsync(10);
    await gc.sweep();
    expect(mock.getSnapshot().endpoints).toEqual({});
  });

  it('sweeps on past a read whose schema throws when read', async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 10 });
    const one = getTodo.extend({ dataExpiryLength: 10 });
    const broken = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/broken', schema: { normalize: (input: unknown) => input, denormalize: () => { throw new Error('unreadable'); } } as never });
    const mock = createMockClient(
      [
        { endpoint: one, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) },
        { endpoint: broken, args: [], response: { a: 1 } },
      ],
      { managers: [new NetworkManager(), gc] },
    );
    client = mock;
    // Stored; reading it back (what fetch resolves with) throws.
    await expect(mock.controller.fetch(broken)).rejects.toThrow('unreadable');
    const release = gc.retain(broken, []);
    await mock.controller.fetch(one, { id: 1 });
    await vi.advanceTimersByTimeAsync(100);
    await gc.sweep();
    expect(Object.keys(mock.getSnapshot().endpoints)).toEqual([broken.key()]);
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
    release();
  });

  it("keeps what a subscribed query's process reads, and never calls process with anything but built entities", async () => {
    fakeTimers();
    const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 10 });
    const list = listTodos.extend({ dataExpiryLength: 10 });
    const mock = createMockClient([{ endpoint: list, args: [], response: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] }], {
      managers: [new NetworkManager(), gc],
    });
    client = mock;
    await mock.controller.fetch(list);
    const given: unknown[] = [];
    const upper = (todos: Todo[]) => {
      given.push(...todos);
      return todos.map((t) => t.title.toUpperCase());
    };
    const titles = new QueryObserver<string[]>(mock, new Query(new All(Todo), upper), []);
    const u = titles.subscribe(() => {});
    expect(titles.getSnapshot()).toEqual(['A', 'B']);
    await vi.advanceTimersByTimeAsync(1000);
    await gc.sweep(); // the list is collected, the todos the query reads stay
    expect(mock.getSnapshot().endpoints).toEqual({});
    expect(titles.getSnapshot()).toEqual(['A', 'B']);
    expect(given.every((t) => t instanceof Todo)).toBe(true);
    u();
    await gc.sweep();
    expect(mock.getSnapshot().entities.Todo ?? {}).toEqual({});
  });

  it('finds what a result reaches through Union, Values and nested objects', async () => {
    fakeTimers();
    class Cat extends Entity {
      id = 0;
      type = 'cat';
      static override key = 'GCCat';
    }
    class Dog extends Entity {
      id = 0;
      type = 'dog';
      static override key = 'GCDog';
    }
    const pets = new RestEndpoint({
      urlPrefix: 'http://api.test',
      path: '/pets',
      schema: { list: [new Union({ cat: Cat, dog: Dog }, 'type')], byName: new Values(Dog) },
    });
    const dog = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/dogs/:id', schema: Dog });
    // A bound of three, what the read result reaches: the unread one does not fit, nor does its dog.
    const gc = new BoundedGCPolicy({ intervalMS: 1_000_000, graceMS: 1_000_000, maxEntities: 3 });
    const mock = createMockClient(
      [
        { endpoint: pets, args: [], response: { list: [{ id: 1, type: 'cat' }, { id: 2, type: 'dog' }], byName: { rex: { id: 3, type: 'dog' } } } },
        { endpoint: dog, response: ({ id }: { id: number }) => ({ id, type: 'dog' }) },
      ],
      { managers: [new NetworkManager(), gc] },
    );
    client = mock;
    await mock.controller.fetch(pets);
    const release = gc.retain(pets, []);
    await mock.controller.fetch(dog, { id: 4 });
    await gc.sweep();
    const after = mock.getSnapshot();
    expect(Object.keys(after.endpoints)).toEqual([pets.key()]);
    expect(Object.keys(after.entities.GCCat ?? {})).toEqual(['1']);
    expect(Object.keys(after.entities.GCDog ?? {}).sort()).toEqual(['2', '3']);
    release();
  });

  it('soak: 10,000 observe/unsubscribe cycles over 100 endpoints leave no timers, listeners or unread data', async () => {
    fakeTimers();
    const { gc, mock } = setup({ intervalMS: 60_000, graceMS: 1000 });
    const eps = Array.from({ length: 100 }, (_, i) => getTodo.extend({ dataExpiryLength: 500 + i }));
    for (let i = 0; i < 10_000; i++) {
      const obs = mock.observe(eps[i % 100]!, { id: i % 37 });
      const u = obs.subscribe(() => {});
      if (i % 1000 === 0) await vi.advanceTimersByTimeAsync(1);
      u();
    }
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.listenerCount).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    await gc.sweep();
    await vi.advanceTimersByTimeAsync(100);
    const state = mock.getSnapshot();
    expect(state.endpoints).toEqual({});
    expect(state.entities.Todo ?? {}).toEqual({});
    for (const ep of eps) for (let id = 0; id < 37; id++) expect(gc.refCount(ep.key({ id }))).toBe(0);
    // Only the GC's own sweep interval is left.
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe('NetworkManager starts a request', () => {
  it('inside controller.fetch(): the endpoint has been called when fetch() returns', async () => {
    const calls: number[] = [];
    let answer!: (v: unknown) => void;
    const slow = new Endpoint(
      (id: number) => {
        calls.push(id);
        return new Promise((resolve) => (answer = resolve));
      },
      { name: 'slow' },
    );
    client = createClient();
    const pending = client.controller.fetch(slow, 7);
    expect(calls).toEqual([7]);
    answer({ ok: true });
    await expect(pending).resolves.toEqual({ ok: true });
  });
});

describe('NetworkManager and a request another manager answered', () => {
  it('a read a manager answers itself while the network still runs it (a tab holding fresh data) is no longer counted pending once the network answers', async () => {
    let answer!: (v: unknown) => void;
    const slow = new Endpoint(() => new Promise((resolve) => (answer = resolve)), { key: () => 'slow', schema: Todo });
    // Answers the second FETCH of the key from the store, as TabSyncManager does for a tab that holds fresh data.
    let seen = 0;
    const fromStore = {
      middleware: () => (next: (a: ActionTypes) => Promise<void>) => (action: ActionTypes) => {
        if (action.type === FETCH && ++seen === 2) {
          action.meta.resolve({ id: 1, title: 'synced' });
          return Promise.resolve();
        }
        return next(action);
      },
      cleanup() {},
    };
    const network = new NetworkManager();
    client = createClient({ managers: [fromStore, network] });
    const first = client.controller.fetch(slow);
    await client.controller.setResponse(slow, { id: 1, title: 'synced' });
    await client.controller.fetch(slow);
    answer({ id: 1, title: 'network' });
    await first;
    await vi.waitFor(() => expect(network.pending).toBe(0));
    expect(client.controller.requests.size).toBe(0); // what the React helper's allSettled() waits for
    // The network's answer started before the data the manager answered with: newer wins.
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'synced' });
  });
});
