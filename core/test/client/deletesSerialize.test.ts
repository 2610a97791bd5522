// A delete survives the store's text form: dehydrate -> serializeState -> hydrate, so a
// server-rendered page, a reload (PersistManager) and the other tabs (tabSync) see it (issue 45).
import { startHoldingServer, waitFor } from '@resto/testing';
import { afterEach, expect, it } from 'vitest';
import { createClient, dehydrate, Entity, getDefaultManagers, hydrate, INVALID, parseState, resource, serializeState, type Client } from '../../src';
import { PersistManager } from '../../src/persist';
import { tabSync } from '../../src/sync';
import { MemoryStorage } from '../persist/memoryStorage';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const clients: Client[] = [];
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await close?.();
  close = undefined;
});

/** A todo server (GET /todos, DELETE /todos/:id) and its resource. */
async function todos() {
  const rows = new Map([1, 2].map((id) => [id, { id, title: `todo ${id}` }]));
  const server = await startHoldingServer((req) => {
    if (req.path === '/todos') return { body: [...rows.values()] };
    const id = Number(req.path.split('/')[2]);
    if (req.method === 'DELETE' && rows.delete(id)) return { body: { id } };
    return { status: 404, body: { message: 'not found' } };
  });
  close = server.close;
  return resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
}

const ids = (client: Client, TodoResource: Awaited<ReturnType<typeof todos>>) =>
  (client.controller.getResponse(TodoResource.getList, client.getSnapshot()).data as Todo[] | undefined)?.map((t) => t.id);

function start(managers: unknown[] = []) {
  const client = createClient({ managers: [...(managers as never[]), ...getDefaultManagers()] });
  clients.push(client);
  return client;
}

it('after a delete, the store still serializes, and the delete comes back through hydrate', async () => {
  const TodoResource = await todos();
  const client = start();
  await client.controller.fetch(TodoResource.getList);
  await client.controller.fetch(TodoResource.delete, { id: '1' });

  const text = serializeState(dehydrate(client));
  const restored = hydrate(parseState(text));
  expect(restored.entities.Todo!['1']).toBe(INVALID);
  expect(restored.entitiesMeta.Todo!['1']).toEqual(client.getSnapshot().entitiesMeta.Todo!['1']);

  const page = createClient({ initialState: restored });
  clients.push(page);
  expect(ids(page, TodoResource)).toEqual([2]);
  expect(page.controller.get(Todo, { id: '1' }, page.getSnapshot())).toBeUndefined();
});

it('a reload restores the delete that PersistManager saved', async () => {
  const TodoResource = await todos();
  const storage = new MemoryStorage();
  const first = new PersistManager({ storage, throttle: 0 });
  const before = start([first]);
  await before.controller.fetch(TodoResource.getList);
  await before.controller.fetch(TodoResource.delete, { id: '1' });
  await first.flush();
  before.destroy();

  const after = start([new PersistManager({ storage })]);
  await waitFor(() => expect(ids(after, TodoResource)).toEqual([2]));
  expect(after.getSnapshot().entities.Todo!['1']).toBe(INVALID);
});

it('another tab learns of the delete', async () => {
  const TodoResource = await todos();
  const name = `deletes-${process.pid}`;
  const syncA = tabSync({ name, locks: null, helloTimeout: 50 });
  const syncB = tabSync({ name, locks: null, helloTimeout: 50 });
  const a = start([syncA]);
  const b = start([syncB]);
  await Promise.all([syncA.ready, syncB.ready]);
  await a.controller.fetch(TodoResource.getList);
  await waitFor(() => expect(ids(b, TodoResource)).toEqual([1, 2]));
  await a.controller.fetch(TodoResource.delete, { id: '1' });
  await waitFor(() => expect(ids(b, TodoResource)).toEqual([2]));
});
