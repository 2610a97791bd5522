// Two or three clients on Node's real BroadcastChannel stand for tabs of one app.
// Messages between them are asynchronous, so the tests wait for what a tab shows
// (vi.waitFor polls; no fixed sleeps) and count requests with counting endpoints.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, Entity, getDefaultManagers, PollingModes, type Client } from '../../src';
import { TabSyncManager, tabSync, type SyncTraffic, type TabSyncOptions } from '../../src/sync';
import { fakeLocks } from './fakeLocks';

class Todo extends Entity {
  id = 0;
  title = '';
  updatedAt = new Date(0);
  static override key = 'Todo';
  static override schema = { updatedAt: Date };
}

/** The server: todos by id, with a request count per tab. */
function api() {
  const todos = new Map<number, { id: number; title: string; updatedAt: string }>([[1, { id: 1, title: 'first', updatedAt: '2026-01-01T00:00:00.000Z' }]]);
  const calls = { get: 0, rename: 0 };
  let failRename = false;
  const get = new Endpoint(
    async ({ id }: { id: number }) => {
      calls.get++;
      return { ...todos.get(id)! };
    },
    { name: 'getTodo', key: ({ id }: { id: number }) => `GET /todos/${id}`, schema: Todo },
  );
  let answer: (() => void) | undefined;
  const rename = new Endpoint(
    ({ id }: { id: number }, { title }: { title: string }) =>
      new Promise((resolve, reject) => {
        calls.rename++;
        answer = () => {
          if (failRename) return reject(Object.assign(new Error('conflict'), { status: 409 }));
          todos.set(id, { ...todos.get(id)!, title });
          resolve({ ...todos.get(id)! });
        };
      }),
    {
      name: 'renameTodo',
      key: ({ id }: { id: number }) => `PATCH /todos/${id}`,
      sideEffect: true,
      schema: Todo,
      getOptimisticResponse: (_: unknown, { id }: { id: number }, { title }: { title: string }) => ({ id, title }),
    },
  );
  return { get, rename, calls, answer: () => answer?.(), fail: () => (failRename = true) };
}

// Busy CI machines: a wait ends as soon as its condition holds.
const WAIT = { timeout: 10_000, interval: 10 };
const clients: Client[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

let channel = 0;
/** A fresh app name per test: tests never hear each other. */
const appName = () => `test-${process.pid}-${++channel}`;

function tab(options: TabSyncOptions) {
  const sync = tabSync({ locks: null, helloTimeout: 50, ...options });
  const client = createClient({ managers: [sync, ...getDefaultManagers()], retry: 0 });
  clients.push(client);
  return { sync, client };
}

const titleIn = (client: Client, get: Endpoint, id = 1) =>
  (client.controller.getResponse(get as never, { id }, client.getSnapshot()).data as Todo | undefined)?.title;

describe('tab sync over BroadcastChannel', () => {
  it('a response stored in one tab shows in the other with no request, as the same class with dates', async () => {
    const name = appName();
    const { get, calls } = api();
    const a = tab({ name });
    const b = tab({ name });
    await Promise.all([a.sync.ready, b.sync.ready]);
    await a.client.controller.fetch(get, { id: 1 });
    expect(calls.get).toBe(1);
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);
    const todo = b.client.controller.getResponse(get, { id: 1 }, b.client.getSnapshot()).data!;
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.updatedAt).toBeInstanceOf(Date);
    // B's read mounts on fresh data: no request.
    const seen = b.client.observe(get, { id: 1 });
    seen.subscribe(() => {});
    await vi.waitFor(() => expect(seen.getSnapshot().data?.title).toBe('first'), WAIT);
    expect(calls.get).toBe(1);
  });

  it('nothing echoes: the receiving tab sends nothing back, and a change goes out once', async () => {
    const name = appName();
    const { get } = api();
    const a = tab({ name });
    const b = tab({ name });
    await Promise.all([a.sync.ready, b.sync.ready]);
    const traffic: SyncTraffic[] = [];
    a.sync.onTraffic((t) => traffic.push(t));
    b.sync.onTraffic((t) => traffic.push(t));
    await a.client.controller.fetch(get, { id: 1 });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);
    // A round trip later (a message B would send would have arrived by then).
    await a.client.controller.invalidate(get, { id: 1 });
    await vi.waitFor(() => expect(b.client.getSnapshot().meta['GET /todos/1']?.invalidated).toBe(true), WAIT);
    const summary = traffic.map((t) => `${t.direction} ${t.type} ${t.tab === a.sync.id ? 'A' : 'B'}`);
    expect(summary).toEqual(['out data A', 'in data A', 'out invalidate A', 'in invalidate A']);
  });

  it('a traffic listener that throws is reported; the other listeners and the sync go on', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      const name = appName();
      const { get } = api();
      const a = tab({ name });
      const b = tab({ name });
      await Promise.all([a.sync.ready, b.sync.ready]);
      const traffic: string[] = [];
      a.sync.onTraffic(() => {
        throw new Error('devtools bug');
      });
      a.sync.onTraffic((t) => traffic.push(`${t.direction} ${t.type}`));
      await a.client.controller.fetch(get, { id: 1 });
      await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);
      expect(traffic).toContain('out data');
      expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'devtools bug' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('invalidations, expiry and reset (logout) reach the other tabs', async () => {
    const name = appName();
    const { get } = api();
    const a = tab({ name });
    const b = tab({ name });
    await Promise.all([a.sync.ready, b.sync.ready]);
    await a.client.controller.fetch(get, { id: 1 });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);
    await a.client.controller.expireAll({ testKey: (key) => key.startsWith('GET /todos') });
    // Expired: kept and shown, revalidated by the next trigger.
    await vi.waitFor(() => expect(b.client.getSnapshot().meta['GET /todos/1']?.expiresAt).toBe(1), WAIT);
    await a.client.controller.invalidateAll({ testKey: (key) => key.startsWith('GET /todos') });
    await vi.waitFor(() => expect(b.client.getSnapshot().meta['GET /todos/1']?.invalidated).toBe(true), WAIT);
    await b.client.controller.resetEntireStore();
    await vi.waitFor(() => expect(a.client.getSnapshot().meta['GET /todos/1']).toBeUndefined(), WAIT);
    expect(a.client.getSnapshot().entities.Todo?.['1']).toBeUndefined();
  });

  it('a tab opened later starts from what the open tabs hold and fetches nothing fresh', async () => {
    const name = appName();
    const { get, calls } = api();
    const a = tab({ name });
    await a.sync.ready;
    await a.client.controller.fetch(get, { id: 1 });
    // The new tab mounts its read at once; the read waits for the other tab's answer.
    const b = tab({ name, helloTimeout: 5_000 });
    const seen = b.client.observe(get, { id: 1 });
    seen.subscribe(() => {});
    await vi.waitFor(() => expect(seen.getSnapshot().data?.title).toBe('first'), WAIT);
    expect(calls.get).toBe(1);
  });

  it('an optimistic update goes to the other tabs once it settled: the answer, or nothing when it fails', async () => {
    const name = appName();
    const { get, rename, answer, fail, calls } = api();
    const a = tab({ name });
    const b = tab({ name });
    await Promise.all([a.sync.ready, b.sync.ready]);
    await a.client.controller.fetch(get, { id: 1 });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);

    const ok = a.client.controller.fetch(rename, { id: 1 }, { title: 'renamed' });
    expect(titleIn(a.client, get)).toBe('renamed');
    await vi.waitFor(() => expect(calls.rename).toBe(1), WAIT);
    // While it is pending, other changes still go out; the guess does not.
    await a.client.controller.setResponse(get, { id: 4 }, { id: 4, title: 'fourth', updatedAt: '2026-01-01T00:00:00.000Z' });
    await vi.waitFor(() => expect(titleIn(b.client, get, 4)).toBe('fourth'), WAIT);
    expect(titleIn(b.client, get)).toBe('first');
    answer();
    await ok;
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('renamed'), WAIT);

    fail();
    const bad = a.client.controller.fetch(rename, { id: 1 }, { title: 'refused' }).catch((e: unknown) => e);
    expect(titleIn(a.client, get)).toBe('refused');
    await vi.waitFor(() => expect(calls.rename).toBe(2), WAIT);
    answer();
    expect(await bad).toMatchObject({ status: 409 });
    expect(titleIn(a.client, get)).toBe('renamed');
    // A change after it, to know B heard everything A sent before.
    await a.client.controller.invalidate(get, { id: 2 });
    await a.client.controller.setResponse(get, { id: 3 }, { id: 3, title: 'third', updatedAt: '2026-01-01T00:00:00.000Z' });
    await vi.waitFor(() => expect(titleIn(b.client, get, 3)).toBe('third'), WAIT);
    expect(titleIn(b.client, get)).toBe('renamed');
  });

  it('with endpoints, a pending optimistic update shows in the other tabs and leaves them when it settles, fails or its tab closes', async () => {
    const name = appName();
    const { get, rename, answer, fail, calls } = api();
    const locks = fakeLocks();
    const a = tab({ name, endpoints: [rename], locks });
    const b = tab({ name, endpoints: [rename], locks });
    await Promise.all([a.sync.ready, b.sync.ready]);
    await a.client.controller.fetch(get, { id: 1 });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('first'), WAIT);
    const pendingIn = (client: Client) => client.getSnapshot().optimistic.length;

    // Pending: B shows A's guess; answered: the answer, and no guess left.
    const ok = a.client.controller.fetch(rename, { id: 1 }, { title: 'renamed' });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('renamed'), WAIT);
    expect(pendingIn(b.client)).toBe(1);
    expect(b.sync.traffic.filter((t) => t.type === 'optimistic').map((t) => t.keys)).toEqual([['PATCH /todos/1']]);
    answer();
    await ok;
    await vi.waitFor(() => expect(pendingIn(b.client)).toBe(0), WAIT);
    expect(titleIn(b.client, get)).toBe('renamed');
    expect(calls.rename).toBe(1);

    // Refused: B shows the guess, then rolls back with A.
    fail();
    const bad = a.client.controller.fetch(rename, { id: 1 }, { title: 'refused' }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('refused'), WAIT);
    answer();
    expect(await bad).toMatchObject({ status: 409 });
    await vi.waitFor(() => expect(pendingIn(b.client)).toBe(0), WAIT);
    expect(titleIn(b.client, get)).toBe('renamed');

    // A tab that goes with its mutation unanswered: its guess leaves the others.
    void a.client.controller.fetch(rename, { id: 1 }, { title: 'never answered' }).catch(() => undefined);
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('never answered'), WAIT);
    a.client.destroy();
    await vi.waitFor(() => expect(pendingIn(b.client)).toBe(0), WAIT);
    expect(titleIn(b.client, get)).toBe('renamed');
    expect(calls.get).toBe(1);
  });

  it('a pending optimistic update of a tab that ends without a word (its lock comes free) leaves the others', async () => {
    const name = appName();
    const { get, rename } = api();
    const locks = fakeLocks();
    const b = tab({ name, endpoints: [rename], locks });
    await b.sync.ready;
    await b.client.controller.setResponse(get, { id: 1 }, { id: 1, title: 'first', updatedAt: '2026-01-01T00:00:00.000Z' });
    // A tab that announces a guess, holds its tab lock, and is gone: no 'settled' comes.
    const channel = new BroadcastChannel(`resto-sync:${name}`);
    let gone!: () => void;
    void locks.request(`resto-tab:${name}:ghost`, {}, () => new Promise<void>((resolve) => (gone = resolve)));
    channel.postMessage({ t: 'optimistic', from: 'ghost', key: 'PATCH /todos/1', name: 'renameTodo', args: '[[1,3],{"id":2},1,{"title":4},"ghost guess"]', fetchedAt: Date.now() });
    await vi.waitFor(() => expect(titleIn(b.client, get)).toBe('ghost guess'), WAIT);
    gone();
    await vi.waitFor(() => expect(b.client.getSnapshot().optimistic).toEqual([]), WAIT);
    expect(titleIn(b.client, get)).toBe('first');
    channel.close();
  });

  it('apps with different names do not mix', async () => {
    const { get } = api();
    const a = tab({ name: appName() });
    const b = tab({ name: appName() });
    const c = tab({ name: b.sync['name' as never] as string });
    await Promise.all([a.sync.ready, b.sync.ready, c.sync.ready]);
    await a.client.controller.fetch(get, { id: 1 });
    await b.client.controller.setResponse(get, { id: 2 }, { id: 2, title: 'b', updatedAt: '2026-01-01T00:00:00.000Z' });
    await vi.waitFor(() => expect(titleIn(c.client, get, 2)).toBe('b'), WAIT);
    expect(titleIn(c.client, get)).toBeUndefined();
    expect(titleIn(b.client, get)).toBeUndefined();
  });

  it('without BroadcastChannel the manager is off and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sync = new TabSyncManager({ BroadcastChannel: undefined });
    // Constructed where the global exists: to see the fallback, hide it.
    expect(sync.enabled).toBe(true);
    const saved = globalThis.BroadcastChannel;
    Object.defineProperty(globalThis, 'BroadcastChannel', { value: undefined, configurable: true, writable: true });
    try {
      const off = new TabSyncManager();
      const client = createClient({ managers: [off, ...getDefaultManagers()] });
      clients.push(client);
      expect(off.enabled).toBe(false);
      expect(client.controller.environment.tabs).toBeUndefined();
      new TabSyncManager();
    } finally {
      Object.defineProperty(globalThis, 'BroadcastChannel', { value: saved, configurable: true, writable: true });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/BroadcastChannel is missing/);
  });
});

describe('leader tab', () => {
  it('one tab leads; when it closes, a waiting tab takes over', async () => {
    const name = appName();
    const locks = fakeLocks();
    const a = tab({ name, locks });
    const b = tab({ name, locks });
    await vi.waitFor(() => expect(a.sync.leader.value).toBe(true), WAIT);
    expect(b.sync.leader.value).toBe(false);
    expect(b.client.controller.environment.tabs?.leader).toBe(false);
    a.client.destroy();
    await vi.waitFor(() => expect(b.sync.leader.value).toBe(true), WAIT);
  });

  it('without Web Locks every tab leads', async () => {
    const a = tab({ name: appName() });
    expect(a.sync.leader.value).toBe(true);
  });

  it('a follower skips a poll while the leader keeps the answer younger than 1.5 intervals, and polls once it stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const name = appName();
    const locks = fakeLocks();
    let leaderCalls = 0;
    let followerCalls = 0;
    const make = (count: () => void) =>
      new Endpoint(async () => (count(), { at: Date.now() }), { name: 'time', key: () => 'GET /time', pollFrequency: 1000 });
    const a = tab({ name, locks });
    const b = tab({ name, locks });
    await vi.waitFor(() => expect(a.sync.leader.value).toBe(true), WAIT);
    const pollA = a.client.observeWith(PollingModes.live, make(() => leaderCalls++), []);
    pollA.subscribe(() => {});
    const pollB = b.client.observeWith(PollingModes.live, make(() => followerCalls++), []);
    pollB.subscribe(() => {});
    // The mounts fetch once each (nothing stored yet in either tab).
    await vi.waitFor(() => expect(b.client.getSnapshot().meta['GET /time']).toBeDefined(), WAIT);
    const startB = followerCalls;
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      // The leader's answer reaches the follower before its next tick.
      const leaderDate = a.client.getSnapshot().meta['GET /time']!.date;
      await vi.waitFor(() => expect(b.client.getSnapshot().meta['GET /time']!.date).toBe(leaderDate), WAIT);
    }
    expect(leaderCalls).toBeGreaterThanOrEqual(5);
    expect(followerCalls).toBe(startB);
    // The leader stops polling (unmounted): the follower polls on its own.
    a.client.destroy();
    await vi.waitFor(() => expect(b.sync.leader.value).toBe(true), WAIT);
    await vi.advanceTimersByTimeAsync(1000);
    expect(followerCalls).toBe(startB + 1);
  });
});
