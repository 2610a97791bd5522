import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createClient,
  Endpoint,
  Entity,
  getDefaultManagers,
  LogoutManager,
  RestEndpoint,
  type Client,
  type Manager,
} from '../../src';
import { PersistManager, webStorage, type PersistOptions, type PersistPhase, type PersistStorage } from '../../src/persist';
import { MemoryStorage, quotaError } from './memoryStorage';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}

// Only stored through setResponse: no request is ever made to this address.
const urlPrefix = 'http://127.0.0.1:9';
const todo = new RestEndpoint({ urlPrefix, path: '/todos/:id', schema: Todo });
const user = new RestEndpoint({ urlPrefix, path: '/users/:id', schema: User });

const clients: Client[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy();
  vi.useRealTimers();
});

function start(options: PersistOptions, managers: Manager[] = getDefaultManagers()) {
  const persist = new PersistManager(options);
  const client = createClient({ managers: [persist, ...managers] });
  clients.push(client);
  return { persist, client };
}

/** A new page on the same storage: what it shows once restored. */
async function reload(options: PersistOptions) {
  const { persist, client } = start(options);
  await persist.restored;
  return { persist, client, title: (id: number) => client.controller.getResponse(todo, { id }, client.getSnapshot()).data?.title };
}

/** A page that saved todo 1 and went away. */
async function saved(storage: PersistStorage, options: PersistOptions = {}) {
  const { persist, client } = start({ storage, ...options });
  await persist.restored;
  await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'saved' });
  await persist.flush();
  client.destroy();
}

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

describe('saving', () => {
  it('writes at most once per throttle interval, and the last state is the one written', async () => {
    fakeTime();
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    const { persist, client } = start({ storage, throttle: 1000 });
    await persist.restored;
    for (let i = 1; i <= 10; i++) await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: `v${i}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(memory.writes).toBe(1);
    for (let i = 11; i <= 20; i++) {
      await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: `v${i}` });
      await vi.advanceTimersByTimeAsync(50);
    }
    // 500 ms after the first write: still one.
    expect(memory.writes).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(memory.writes).toBe(2);
    // Nothing changed since: no more writes.
    await vi.advanceTimersByTimeAsync(5000);
    expect(memory.writes).toBe(2);
    vi.useRealTimers();
    expect((await reload({ storage })).title(1)).toBe('v20');
  });

  it('destroying the client writes the change still waiting for its interval', async () => {
    fakeTime();
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    const { persist, client } = start({ storage, throttle: 60_000 });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'first' });
    await vi.advanceTimersByTimeAsync(0);
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'last' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(memory.writes).toBe(1);
    client.destroy();
    // Well before the interval ends: only the destroy can have written it.
    await vi.advanceTimersByTimeAsync(0);
    expect(memory.writes).toBe(2);
    vi.useRealTimers();
    expect((await reload({ storage })).title(1)).toBe('last');
  });

  it('saves only the results and entity kinds the filter keeps', async () => {
    const storage = webStorage(new MemoryStorage());
    const filter = { results: (key: string) => key.includes('/todos/'), entities: (entityKey: string) => entityKey === 'Todo' };
    const { persist, client } = start({ storage, filter });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'kept' });
    await client.controller.setResponse(user, { id: 1 }, { id: 1, name: 'private' });
    await persist.flush();

    const next = await reload({ storage, filter });
    const state = next.client.getSnapshot();
    expect(next.title(1)).toBe('kept');
    expect(next.client.controller.getResponse(user, { id: 1 }, state).data).toBeUndefined();
    expect(state.entities.User).toBeUndefined();
    expect(Object.keys(state.meta)).toEqual([todo.key({ id: 1 })]);
  });

  it('never saves an optimistic update, only what the server confirmed', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    let answer!: (value: unknown) => void;
    const rename = new Endpoint((_: { id: number }, body: { title: string }) => new Promise((resolve) => (answer = () => resolve({ id: 1, ...body }))), {
      key: () => 'rename',
      name: 'rename',
      sideEffect: true,
      schema: Todo,
      getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }),
    });
    const { persist, client } = start({ storage, throttle: 0 });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'confirmed' });
    await persist.flush();
    const renamed = client.controller.fetch(rename, { id: 1 }, { title: 'guess' });
    expect(client.controller.getResponse(todo, { id: 1 }, client.getSnapshot()).data?.title).toBe('guess');
    await persist.flush();
    expect((await reload({ storage })).title(1)).toBe('confirmed');

    answer(undefined);
    await renamed;
    await persist.flush();
    expect((await reload({ storage })).title(1)).toBe('guess');
  });

  it('a full storage (quota) is reported; the client keeps working and keeps its data', async () => {
    const memory = new MemoryStorage();
    memory.failWrites = quotaError();
    const errors: [unknown, PersistPhase][] = [];
    const { persist, client } = start({ storage: webStorage(memory), throttle: 0, onError: (e, phase) => errors.push([e, phase]) });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'kept in memory' });
    await persist.flush();
    expect(errors).toEqual([[memory.failWrites, 'save']]);
    expect(client.controller.getResponse(todo, { id: 1 }, client.getSnapshot()).data?.title).toBe('kept in memory');

    memory.failWrites = undefined;
    await client.controller.setResponse(todo, { id: 2 }, { id: 2, title: 'room again' });
    await persist.flush();
    expect(memory.writes).toBe(1);
  });

  it('reports to console.warn when no onError is given', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const memory = new MemoryStorage();
    memory.failWrites = quotaError();
    const { persist, client } = start({ storage: webStorage(memory), throttle: 0, key: 'app' });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'x' });
    await persist.flush();
    expect(warn).toHaveBeenCalledWith("Resto PersistManager: save of 'app' failed", memory.failWrites);
    warn.mockRestore();
  });
});

describe('restoring', () => {
  it('discards a snapshot saved with another buster', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    await saved(storage, { buster: 'v1' });
    expect((await reload({ storage, buster: 'v1' })).title(1)).toBe('saved');
    expect((await reload({ storage, buster: 'v2' })).title(1)).toBeUndefined();
    // Discarded for good: the old version does not come back either.
    expect(memory.map.size).toBe(0);
  });

  it('discards a snapshot older than maxAge', async () => {
    fakeTime();
    const storage = webStorage(new MemoryStorage());
    await saved(storage);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await reload({ storage, maxAge: 60_000 })).title(1)).toBe('saved');
    await saved(storage);
    vi.setSystemTime(Date.now() + 60_001);
    expect((await reload({ storage, maxAge: 60_000 })).title(1)).toBeUndefined();
  });

  it('keeps the running store when reading the storage throws or rejects', async () => {
    for (const getItem of [
      () => {
        throw new Error('SecurityError: storage is blocked');
      },
      () => Promise.reject(new Error('IndexedDB failed to open')),
    ]) {
      const errors: PersistPhase[] = [];
      const storage: PersistStorage = { getItem, setItem: () => {}, removeItem: () => {} };
      const { persist, client } = start({ storage, onError: (_e, phase) => errors.push(phase) });
      await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'live' });
      await persist.restored;
      expect(errors).toEqual(['restore']);
      expect(client.controller.getResponse(todo, { id: 1 }, client.getSnapshot()).data?.title).toBe('live');
    }
  });

  it('a storage that never answers holds reads only for restoreTimeout, then the app goes on without it', async () => {
    fakeTime();
    const errors: unknown[] = [];
    const storage: PersistStorage = { getItem: () => new Promise<string | null>(() => {}), setItem: () => {}, removeItem: () => {} };
    let calls = 0;
    const ep = new Endpoint(async () => (calls++, { ok: true }), { name: 'live' });
    const { persist, client } = start({ storage, restoreTimeout: 2000, onError: (e) => errors.push(e) });
    const read = client.controller.fetch(ep);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await persist.restored;
    await expect(read).resolves.toEqual({ ok: true });
    expect(calls).toBe(1);
    expect(String(errors[0])).toContain('2000 ms');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors).toHaveLength(1);
  });

  it('discards text it cannot read, saying so', async () => {
    const memory = new MemoryStorage();
    memory.map.set('resto', 'not a snapshot');
    const errors: unknown[] = [];
    await reload({ storage: webStorage(memory), onError: (e) => errors.push(e) });
    expect(String(errors[0])).toMatch(/snapshot saved under 'resto' is unreadable; it is discarded/);
    expect(memory.map.size).toBe(0);
  });

  it('never overwrites data the running client got after it started', async () => {
    const storage = webStorage(new MemoryStorage());
    await saved(storage);
    const { persist, client } = start({ storage });
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'newer' });
    await persist.restored;
    expect(client.controller.getResponse(todo, { id: 1 }, client.getSnapshot()).data?.title).toBe('newer');
  });

  it('with no storage at all (a server) settles at once and saves nothing', async () => {
    const { persist, client } = start({});
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'x' });
    await expect(persist.flush()).resolves.toBeUndefined();
  });
});

describe('logout', () => {
  it('a reset removes the saved snapshot, so a reload does not bring the data back', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    const { persist, client } = start({ storage, throttle: 0 });
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'private' });
    await persist.flush();
    expect(memory.map.size).toBe(1);
    await client.controller.resetEntireStore();
    await persist.flush();
    expect(memory.map.size).toBe(0);
    expect((await reload({ storage })).title(1)).toBeUndefined();
  });

  it('a LogoutManager logout (a 401) removes it too', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    const { persist, client } = start({ storage, throttle: 0 }, [new LogoutManager(), ...getDefaultManagers()]);
    await persist.restored;
    await client.controller.setResponse(todo, { id: 1 }, { id: 1, title: 'private' });
    await persist.flush();
    await client.controller.setError(todo, { id: 2 }, Object.assign(new Error('expired'), { status: 401 }));
    await persist.flush();
    expect(memory.map.size).toBe(0);
  });

  it('a reset before the restore finished keeps the old data out', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    await saved(storage);
    const { persist, client } = start({ storage });
    await client.controller.resetEntireStore();
    await persist.restored;
    expect(client.controller.getResponse(todo, { id: 1 }, client.getSnapshot()).data).toBeUndefined();
    await persist.flush();
    expect(memory.map.size).toBe(0);
  });

  it('persist.clear() removes the snapshot; later changes are saved again', async () => {
    const memory = new MemoryStorage();
    const storage = webStorage(memory);
    await saved(storage);
    const { persist, client } = start({ storage, throttle: 0 });
    await persist.restored;
    await persist.clear();
    expect(memory.map.size).toBe(0);
    await client.controller.setResponse(todo, { id: 2 }, { id: 2, title: 'after' });
    await persist.flush();
    const next = await reload({ storage });
    expect(next.title(2)).toBe('after');
  });
});

describe('options', () => {
  it('refuses bad numbers and keys, naming the option', () => {
    expect(() => new PersistManager({ throttle: -1 })).toThrow(/PersistManager: option throttle must be a number of ms >= 0, got -1/);
    expect(() => new PersistManager({ maxAge: Number.NaN })).toThrow(/option maxAge/);
    expect(() => new PersistManager({ key: '' })).toThrow(/option key must be a non-empty string/);
  });

  it('types: storage takes sync or async getItem; filter takes predicates', () => {
    expectTypeOf(new PersistManager().restored).toEqualTypeOf<Promise<void>>();
    const asyncStorage = {
      getItem: async (_key: string) => null as string | null,
      setItem: async (_key: string, _value: string) => {},
      removeItem: async (_key: string) => {},
    };
    expectTypeOf(asyncStorage).toMatchTypeOf<PersistStorage>();
    // @ts-expect-error a storage keeps text, not objects
    new PersistManager({ storage: { getItem: () => ({}), setItem() {}, removeItem() {} } });
    // @ts-expect-error results are filtered by key (a string)
    new PersistManager({ filter: { results: (key: number) => key > 0 } });
    // @ts-expect-error buster is a string
    new PersistManager({ buster: 2 });
  });
});
