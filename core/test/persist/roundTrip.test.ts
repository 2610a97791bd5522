// Real IndexedDB semantics in Node (this file only: vitest isolates test files).
import 'fake-indexeddb/auto';
import { nextTask, recordFetches, startServer } from '@resto/testing';
import { createStore, get } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, Entity, getDefaultManagers, NetworkError, RestEndpoint, type Client } from '../../src';
import { indexedDBStorage, PersistManager, webStorage, type PersistOptions, type PersistStorage } from '../../src/persist';
import { MemoryStorage } from './memoryStorage';

class Todo extends Entity {
  id = 0;
  title = '';
  createdAt = new Date(0);
  static override key = 'Todo';
  static override schema = { createdAt: (iso: string) => new Date(iso) };
  get shout() {
    return this.title.toUpperCase();
  }
}

const seed = [
  { id: 1, title: 'milk', createdAt: '2026-01-02T03:04:05.000Z' },
  { id: 2, title: 'bread', createdAt: '2026-02-03T04:05:06.000Z' },
];

let server: Awaited<ReturnType<typeof startServer>>;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startServer({
    'GET /todos': (_h, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seed)),
    'GET /clock': (_h, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"2026-01-01T00:00:00.000Z"}'),
    'GET /todos/9': (_h, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"gone"}'),
  });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.destroy();
});

const endpoints = () => ({
  list: new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] }),
  one: new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo }),
  clock: new RestEndpoint({
    urlPrefix: server.url,
    path: '/clock',
    process: (r: { at: string }) => ({ at: new Date(r.at), until: Infinity }),
  }),
});

/** A client that persists, as an app would start one on page load. */
function start(options: PersistOptions) {
  const persist = new PersistManager(options);
  const client = createClient({ managers: [persist, ...getDefaultManagers()] });
  clients.push(client);
  return { persist, client };
}

let db = 0;
describe.each<[string, () => PersistStorage]>([
  ['IndexedDB', () => indexedDBStorage({ dbName: `round-trip-${++db}` })],
  ['localStorage', () => webStorage(new MemoryStorage())],
])('save, reload, restore (%s)', (_name, makeStorage) => {
  it('a reload shows entities as their class, dates, errors and schema-less values without a request', async () => {
    const storage = makeStorage();
    const { list, one, clock } = endpoints();
    const first = start({ storage, buster: 'v1' });
    await first.persist.restored;
    await first.client.controller.fetch(list);
    await first.client.controller.fetch(clock);
    await expect(first.client.controller.fetch(one, { id: 9 })).rejects.toBeInstanceOf(NetworkError);
    // The page goes away: destroying flushes the throttled write.
    first.client.destroy();
    await first.persist.flush();

    const second = start({ storage, buster: 'v1' });
    await second.persist.restored;
    const fetched = recordFetches();
    // A controlled clock from here: the reads get their chance to fetch with no sleep.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const todos = second.client.observe(list);
    const failed = second.client.observe(one, { id: 9 });
    const time = second.client.observe(clock);
    for (const o of [todos, failed, time]) o.subscribe(() => {});

    const data = todos.getSnapshot().data!;
    expect(data.map((t) => t.title)).toEqual(['milk', 'bread']);
    expect(data[0]).toBeInstanceOf(Todo);
    expect(data[0]!.shout).toBe('MILK');
    expect(data[1]!.createdAt).toBeInstanceOf(Date);
    expect(data[1]!.createdAt.toISOString()).toBe('2026-02-03T04:05:06.000Z');
    expect(todos.getSnapshot().loading).toBe(false);

    const error = failed.getSnapshot().error!;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(404);

    const c = time.getSnapshot().data as { at: Date; until: number };
    expect(c.at).toBeInstanceOf(Date);
    expect(c.until).toBe(Infinity);

    // Everything restored is still fresh: mounting reads after the restore asks nothing.
    await vi.advanceTimersByTimeAsync(1000);
    await nextTask();
    expect(fetched().filter((url) => !url.endsWith('/todos/9'))).toEqual([]);
  });
});

describe('default storage', () => {
  it('is IndexedDB where it exists, under the key given', async () => {
    const { list } = endpoints();
    const { persist, client } = start({ key: 'my-app', buster: 'v1' });
    await persist.restored;
    await client.controller.fetch(list);
    await persist.flush();
    const saved = await get<string>('my-app', createStore('resto', 'persist'));
    expect(saved).toContain('"buster":"v1"');
    expect(saved).toContain('bread');
  });
});
