// Mutations queued offline survive a "reload": a client is destroyed with mutations
// still queued, and a new client on the same storage sends them, in order, once
// online. A real HTTP server answers; waits are for requests and promises.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, Entity, getDefaultManagers, resource, RestEndpoint, type Client } from '../../src';
import { OfflineQueueManager, PersistManager, webStorage, type OfflineQueueOptions, type QueuedMutation } from '../../src/persist';
import { json, startServer } from '@resto/testing';
import { MemoryStorage } from './memoryStorage';
import { tabSync } from '../../src/sync';
import { fakeLocks } from '../sync/fakeLocks';

class Todo extends Entity {
  id = 0;
  title = '';
  version = 0;
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
const rows = new Map<number, { id: number; title: string; version: number }>();
// Busy CI machines: a wait ends as soon as its condition holds.
const WAIT = { timeout: 10_000, interval: 10 };
const clients: Client[] = [];

beforeEach(async () => {
  rows.clear();
  for (const id of [1, 2]) rows.set(id, { id, title: `todo ${id}`, version: 1 });
  const patch = (hit: { url: string; body: string }, res: Parameters<typeof json>[0]) => {
    const id = Number(hit.url.split('/')[2]);
    const body = JSON.parse(hit.body) as { title: string; version?: number };
    // A stale version is a conflict (what an If-Match would be).
    if (body.version !== undefined && body.version !== rows.get(id)!.version) return json(res, { message: 'version conflict' }, 409);
    const next = { ...rows.get(id)!, title: body.title, version: rows.get(id)!.version + 1 };
    rows.set(id, next);
    json(res, next);
  };
  server = await startServer({
    'GET /todos/1': (_hit, res) => json(res, rows.get(1)),
    'PATCH /todos/1': patch,
    'PATCH /todos/2': patch,
  });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  vi.restoreAllMocks();
  await server.close();
});

const api = () => resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });

function start(storage: MemoryStorage, options: Partial<OfflineQueueOptions> = {}, online = true) {
  const Todos = api();
  const queue = new OfflineQueueManager({ endpoints: [Todos], storage: webStorage(storage), locks: null, ...options });
  // The store's own persistence, as an app has it: the optimistic updates of restored
  // mutations apply to the restored todos.
  const persist = new PersistManager({ storage: webStorage(storage), throttle: 0 });
  const client = createClient({ managers: [persist, queue, ...getDefaultManagers()], queueOfflineMutations: true, retry: 0 });
  client.online!.set(online);
  clients.push(client);
  return { queue, persist, client, Todos };
}

const title = (client: Client, id: number) => (client.controller.get(Todo, { id }, client.getSnapshot()) as Todo | undefined)?.title;
const patches = () => server.hits.filter((h) => h.method === 'PATCH').map((h) => `${h.url} ${h.body}`);

describe('OfflineQueueManager', () => {
  it('mutations queued offline are saved, sent in order after a reload and reconnect, and leave the queue once answered', async () => {
    const storage = new MemoryStorage();
    const first = start(storage, {}, false);
    await first.queue.restored;
    for (const id of [1, 2]) await first.client.controller.setResponse(first.Todos.get, { id }, rows.get(id));
    await first.persist.flush();
    const edits = ['a', 'b', 'c'].map((t, i) => first.client.controller.fetch(first.Todos.partialUpdate, { id: i === 1 ? 2 : 1 }, { title: t }).catch((e: unknown) => e));
    await vi.waitFor(() => expect(first.queue.queue.map((m) => m.name)).toEqual(['Todo.partialUpdate', 'Todo.partialUpdate', 'Todo.partialUpdate']), WAIT);
    // The page goes away with its mutations unsent.
    first.client.destroy();
    await Promise.all(edits);
    expect(patches()).toEqual([]);

    const second = start(storage, {}, false);
    await Promise.all([second.queue.restored, second.persist.restored]);
    // Offline after the reload: the optimistic updates show the pending edits again.
    expect(title(second.client, 1)).toBe('c');
    expect(title(second.client, 2)).toBe('b');
    expect(patches()).toEqual([]);
    second.client.online!.set(true);
    await vi.waitFor(() => expect(second.queue.queue).toEqual([]), WAIT);
    expect(patches()).toEqual(['/todos/1 {"title":"a"}', '/todos/2 {"title":"b"}', '/todos/1 {"title":"c"}']);
    expect(storage.map.get('resto:queue')).toBe('[[]]');
    expect(title(second.client, 1)).toBe('c');
    expect(rows.get(1)!.title).toBe('c');
  });

  it('a subscriber that throws is reported and the others are still told of the queue', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      const { queue, client, Todos } = start(new MemoryStorage(), {}, false);
      await queue.restored;
      const heard: number[] = [];
      queue.subscribe(() => {
        throw new Error('badge bug');
      });
      queue.subscribe((q) => heard.push(q.length));
      void client.controller.fetch(Todos.partialUpdate, { id: 1 }, { title: 'x' }).catch(() => undefined);
      await vi.waitFor(() => expect(heard).toContain(1), WAIT);
      expect(queue.queue).toHaveLength(1);
      expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'badge bug' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a replay the server refuses (409) goes to onConflict and its optimistic update is rolled back', async () => {
    const storage = new MemoryStorage();
    const conflicts: [unknown, QueuedMutation][] = [];
    const first = start(storage, {}, false);
    await first.queue.restored;
    void first.client.controller.fetch(first.Todos.partialUpdate, { id: 1 }, { title: 'mine', version: 0 } as never).catch(() => undefined);
    await vi.waitFor(() => expect(first.queue.queue).toHaveLength(1), WAIT);
    first.client.destroy();

    const second = start(storage, { onConflict: (error, m) => conflicts.push([error, m]) }, true);
    await second.queue.restored;
    await vi.waitFor(() => expect(conflicts).toHaveLength(1), WAIT);
    expect(conflicts[0]![0]).toMatchObject({ status: 409 });
    expect(conflicts[0]![1]).toMatchObject({ name: 'Todo.partialUpdate', args: [{ id: 1 }, { title: 'mine', version: 0 }] });
    await vi.waitFor(() => expect(second.queue.queue).toEqual([]), WAIT);
    // Rolled back: the store shows what the server holds once read.
    await second.client.controller.fetch(second.Todos.get, { id: 1 });
    expect(title(second.client, 1)).toBe('todo 1');
    expect(second.client.getSnapshot().optimistic).toEqual([]);
  });

  it('a tab closed after a mutation left but before its answer: the next tab sends it with the same Idempotency-Key, and a server that keeps answers per key applies it once', async () => {
    // The server keeps one answer per key (the IETF Idempotency-Key header), and holds
    // the first PATCH until the test lets it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers = new Map<string, Promise<unknown>>();
    let applied = 0;
    server.routes['PATCH /todos/1'] = async (hit, res) => {
      const key = String(hit.headers['idempotency-key']);
      let answer = answers.get(key);
      if (!answer) {
        answer = held.then(() => {
          applied++;
          const row = rows.get(1)!;
          const next = { ...row, title: (JSON.parse(hit.body) as { title: string }).title, version: row.version + 1 };
          rows.set(1, next);
          return next;
        });
        answers.set(key, answer);
      }
      json(res, await answer);
    };
    const storage = new MemoryStorage();
    const first = start(storage, {}, false);
    await first.queue.restored;
    void first.client.controller.fetch(first.Todos.partialUpdate, { id: 1 }, { title: 'once' }).catch(() => undefined);
    await vi.waitFor(() => expect(first.queue.queue).toHaveLength(1), WAIT);
    const [saved] = first.queue.queue;
    first.client.online!.set(true);
    // The request reached the server; the tab goes before the answer.
    await vi.waitFor(() => expect(server.count('PATCH', '/todos/1')).toBe(1), WAIT);
    first.client.destroy();

    // The next tab sends it again (its restore ends once that is answered).
    const second = start(storage, {}, true);
    await vi.waitFor(() => expect(server.count('PATCH', '/todos/1')).toBe(2), WAIT);
    release();
    await second.queue.restored;
    await vi.waitFor(() => expect(second.queue.queue).toEqual([]), WAIT);
    const keys = server.hits.filter((h) => h.method === 'PATCH').map((h) => h.headers['idempotency-key']);
    expect(keys).toEqual([saved!.id, saved!.id]);
    // Sent twice, applied once: one version step, and the store shows the answer.
    expect(applied).toBe(1);
    expect(rows.get(1)).toMatchObject({ title: 'once', version: 2 });
    expect(title(second.client, 1)).toBe('once');
  });

  it('idempotencyKey names the header, and false sends none', async () => {
    for (const [idempotencyKey, header] of [['X-Request-Id', 'x-request-id'], [false, 'idempotency-key']] as const) {
      server.hits.length = 0;
      const storage = new MemoryStorage();
      const { queue, client, Todos } = start(storage, { idempotencyKey }, false);
      await queue.restored;
      const sent = client.controller.fetch(Todos.partialUpdate, { id: 2 }, { title: String(idempotencyKey) });
      await vi.waitFor(() => expect(queue.queue).toHaveLength(1), WAIT);
      const [saved] = queue.queue;
      client.online!.set(true);
      await sent;
      const [hit] = server.hits.filter((h) => h.method === 'PATCH');
      expect(hit!.headers[header]).toBe(idempotencyKey ? saved!.id : undefined);
    }
  });

  it('an endpoint that cannot be found again after a reload is a clear error when it is queued, not a silent loss', async () => {
    const storage = new MemoryStorage();
    const { queue, client } = start(storage, {}, false);
    await queue.restored;
    const Rename = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'PATCH', schema: Todo });
    const error = await client.controller.fetch(Rename, { id: 1 }, { title: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/not among the queue's endpoints/);
    expect(queue.queue).toEqual([]);
  });

  it('endpoints outside a resource are found by the name given to them', async () => {
    const storage = new MemoryStorage();
    const Rename = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'PATCH', schema: Todo, name: 'renameTodo' });
    const first = start(storage, { endpoints: [Rename] }, false);
    await first.queue.restored;
    void first.client.controller.fetch(Rename, { id: 2 }, { title: 'named' }).catch(() => undefined);
    await vi.waitFor(() => expect(first.queue.queue.map((m) => m.name)).toEqual(['renameTodo']), WAIT);
    first.client.destroy();
    const second = start(storage, { endpoints: [Rename] }, true);
    await second.queue.restored;
    await vi.waitFor(() => expect(second.queue.queue).toEqual([]), WAIT);
    expect(patches()).toEqual(['/todos/2 {"title":"named"}']);
  });

  it("a resource's members and its lists' collection members are found by resource and member", () => {
    const queue = new OfflineQueueManager({ endpoints: [api()], storage: webStorage(new MemoryStorage()), locks: null });
    expect(queue.names).toEqual(
      expect.arrayContaining(['Todo.delete', 'Todo.getList.move', 'Todo.getList.push', 'Todo.partialUpdate', 'Todo.update']),
    );
  });

  it('mutations sent while online with nothing queued are not saved', async () => {
    const storage = new MemoryStorage();
    const { queue, client, Todos } = start(storage);
    await queue.restored;
    await client.controller.fetch(Todos.partialUpdate, { id: 1 }, { title: 'now' });
    expect(patches()).toEqual(['/todos/1 {"title":"now"}']);
    expect(queue.queue).toEqual([]);
    expect(storage.map.has('resto:queue')).toBe(false);
  });

  it('two tabs reconnecting send each mutation once; what a closed tab left is sent once, by the leader', async () => {
    const storage = new MemoryStorage();
    const locks = fakeLocks();
    const name = `queue-${process.pid}-${Date.now()}`;
    const tab = () => {
      const Todos = api();
      const queue = new OfflineQueueManager({ endpoints: [Todos], storage: webStorage(storage), locks });
      const client = createClient({
        managers: [tabSync({ name, locks, helloTimeout: 50 }), queue, ...getDefaultManagers()],
        queueOfflineMutations: true,
        retry: 0,
      });
      clients.push(client);
      return { queue, client, Todos };
    };
    const a = tab();
    const b = tab();
    await Promise.all([a.queue.restored, b.queue.restored]);
    a.client.online!.set(false);
    b.client.online!.set(false);
    const first = a.client.controller.fetch(a.Todos.partialUpdate, { id: 1 }, { title: 'from a' });
    await vi.waitFor(() => expect(b.queue.queue).toHaveLength(0), WAIT);
    await vi.waitFor(() => expect(a.queue.queue).toHaveLength(1), WAIT);
    // Both come back at once: only A sends A's mutation.
    a.client.online!.set(true);
    b.client.online!.set(true);
    await first;
    await vi.waitFor(() => expect(a.queue.queue).toEqual([]), WAIT);
    expect(patches()).toEqual(['/todos/1 {"title":"from a"}']);

    // A queues another and closes before the network is back: B takes it over, once.
    a.client.online!.set(false);
    void a.client.controller.fetch(a.Todos.partialUpdate, { id: 2 }, { title: 'left by a' }).catch(() => undefined);
    await vi.waitFor(() => expect(a.queue.queue).toHaveLength(1), WAIT);
    a.client.destroy();
    await vi.waitFor(() => expect(b.client.controller.environment.tabs?.leader).toBe(true), WAIT);
    await vi.waitFor(() => expect(patches()).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(b.queue.queue).toEqual([]), WAIT);
    expect(patches()).toEqual(['/todos/1 {"title":"from a"}', '/todos/2 {"title":"left by a"}']);
  });
});
