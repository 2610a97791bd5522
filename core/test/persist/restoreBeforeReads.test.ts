// What a reload looks like: the page mounts its reads while the saved store is
// still being read. They must show the saved data as soon as it is in, and go to
// the network once, after it, as a background revalidation.
import { startTodoServer, type TodoServer } from '@resto/testing/todos';
import { waitFor } from '@resto/testing';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, getDefaultManagers, type Client } from '../../src';
import { PersistManager, webStorage, type PersistStorage } from '../../src/persist';
import { MemoryStorage } from './memoryStorage';

let server: TodoServer;
const clients: Client[] = [];
beforeEach(async () => {
  server = await startTodoServer(2);
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await server.close();
});

function start(storage: PersistStorage) {
  const persist = new PersistManager({ storage, buster: 'v1', throttle: 0 });
  const client = createClient({ managers: [persist, ...getDefaultManagers()] });
  clients.push(client);
  return { persist, client };
}

/** A storage whose reads answer only when the test says so (a slow IndexedDB open). */
function slowStorage(storage: PersistStorage) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    storage: { ...storage, getItem: async (key: string) => (await opened, storage.getItem(key)) } satisfies PersistStorage,
  };
}

/** The previous visit: the list was read and saved; then the server's data moved on. */
async function previousVisit(storage: PersistStorage) {
  const { persist, client } = start(storage);
  await persist.restored;
  await client.controller.fetch(server.api.list);
  await persist.flush();
  client.destroy();
  server.todos.set(1, { id: 1, title: 'renamed on the server', completed: false });
}

it('a read mounted before the restore shows the saved data first, then the one revalidation', async () => {
  const storage = webStorage(new MemoryStorage());
  await previousVisit(storage);
  const before = server.count('GET', '/todos');

  const slow = slowStorage(storage);
  const { persist, client } = start(slow.storage);
  const todos = client.observe(server.api.list);
  const seen: string[][] = [];
  todos.subscribe(() => {
    const data = todos.getSnapshot().data;
    if (data) seen.push(data.map((t) => t.title));
  });
  expect(todos.getSnapshot().data).toBeUndefined();
  // The read waits for the restore: a mutation (never held) sent after it is answered
  // while the server has still seen no GET.
  await client.controller.fetch(server.api.update, { id: 2 }, { completed: true });
  expect(server.count('GET', '/todos')).toBe(before);

  const release = server.hold();
  slow.open();
  await persist.restored;
  // The saved data shows while the server has not answered yet (it is held)...
  await waitFor(() => expect(todos.getSnapshot().data?.map((t) => t.title)).toEqual(['todo 1', 'todo 2']));

  // ...and the read held during the restore is the background revalidation.
  const revalidated = new Promise<void>((resolve) => {
    todos.subscribe(() => todos.getSnapshot().data?.[0]?.title === 'renamed on the server' && resolve());
  });
  release();
  await revalidated;
  expect(seen[0]).toEqual(['todo 1', 'todo 2']);
  expect(seen.at(-1)).toEqual(['renamed on the server', 'todo 2']);
  expect(server.count('GET', '/todos')).toBe(before + 1);
});

it('a read mounted after the restore shows fresh saved data and asks the server nothing', async () => {
  const storage = webStorage(new MemoryStorage());
  await previousVisit(storage);
  const before = server.count('GET', '/todos');

  const { persist, client } = start(storage);
  await persist.restored;
  const todos = client.observe(server.api.list);
  todos.subscribe(() => {});
  expect(todos.getSnapshot().data?.map((t) => t.title)).toEqual(['todo 1', 'todo 2']);
  expect(todos.getSnapshot().loading).toBe(false);
  // A request after this would be one made by the mount; the PATCH below proves the server
  // answers promptly, so had the mount asked, its GET would have been counted first.
  await client.controller.fetch(server.api.update, { id: 2 }, { completed: true });
  expect(server.count('GET', '/todos')).toBe(before);
});

it('a mutation does not wait for the restore', async () => {
  const storage = webStorage(new MemoryStorage());
  await previousVisit(storage);
  const slow = slowStorage(storage);
  const { persist, client } = start(slow.storage);

  // The restore never finishes during this await: only an unheld mutation can resolve.
  const updated = await client.controller.fetch(server.api.update, { id: 2 }, { title: 'sent at once' });
  expect(updated.title).toBe('sent at once');
  expect(server.count('PATCH', '/todos/2')).toBe(1);

  slow.open();
  await persist.restored;
  // The restore does not undo the newer response: todo 2 keeps the mutation's title.
  expect(client.controller.getResponse(server.api.get, { id: 2 }, client.getSnapshot()).data?.title).toBe('sent at once');
  const list = client.controller.getResponse(server.api.list, client.getSnapshot()).data!;
  expect(list.find((t) => t.id === 2)?.title).toBe('sent at once');
});

it('saved data that went stale shows at once and is revalidated by the read that mounts', async () => {
  const storage = webStorage(new MemoryStorage());
  await previousVisit(storage);
  const before = server.count('GET', '/todos');
  // The reload happens two minutes later: past the list's data expiry (60 s), within maxAge.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 120_000);
  try {
    const { persist, client } = start(storage);
    await persist.restored;
    const todos = client.observe(server.api.list);
    const revalidated = new Promise<void>((resolve) => {
      todos.subscribe(() => todos.getSnapshot().data?.[0]?.title === 'renamed on the server' && resolve());
    });
    expect(todos.getSnapshot().data?.map((t) => t.title)).toEqual(['todo 1', 'todo 2']);
    await revalidated;
    expect(server.count('GET', '/todos')).toBe(before + 1);
  } finally {
    vi.useRealTimers();
  }
});
