// Deletes against a real server whose answers the test holds and releases: a view of a
// deleted entity ends in a state the UI can show, and an older answer never brings a
// deleted entity back (issue 45).
import { eachHoldingServer, hold, waitFor, type Gate, type HeldRequest } from '@resto/testing';
import { expect, it } from 'vitest';
import { readAsync, createClient, Entity, resource } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const env = eachHoldingServer();

interface Row {
  id: number;
  title: string;
}

/**
 * A todo server: GET /todos, GET/DELETE /todos/:id (404 once deleted). `holdNext(method,
 * path)` holds the next such answer, built when the request arrives, until the gate opens;
 * with `unapplied`, the request is held before the server acts on it.
 */
async function todoServer() {
  const todos = new Map<number, Row>([
    [1, { id: 1, title: 'one' }],
    [2, { id: 2, title: 'two' }],
  ]);
  const holds: { method: string; path: string; gate: Gate; unapplied: boolean }[] = [];
  const server = await env.start(async (req: HeldRequest) => {
    const held = holds.findIndex((h) => h.method === req.method && h.path === req.path);
    const h = held >= 0 ? holds.splice(held, 1)[0] : undefined;
    if (h?.unapplied) await h.gate.promise;
    const id = Number(req.path.split('/')[2]);
    let reply;
    if (req.path === '/todos') reply = { body: [...todos.values()] };
    else if (!todos.has(id)) reply = { status: 404, body: { message: 'not found' } };
    else if (req.method === 'DELETE') reply = (todos.delete(id), { body: { id } });
    else reply = { body: todos.get(id) };
    await h?.gate.promise;
    return reply;
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const Optimistic = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
  const holdNext = (method: string, path: string, unapplied = false) => {
    const gate = hold();
    holds.push({ method, path, gate, unapplied });
    return gate;
  };
  return { server, todos, TodoResource, Optimistic, holdNext };
}

async function setup() {
  const s = await todoServer();
  return { ...s, client: env.client(createClient()) };
}

it('a subscribed view of a deleted entity refetches and shows the 404, not loading forever', async () => {
  const { server, client, TodoResource } = await setup();
  const view = client.observe(TodoResource.get, { id: '1' });
  const snaps: { loading: boolean; data: unknown }[] = [];
  const stop = view.subscribe(() => snaps.push(view.getSnapshot()));
  await waitFor(() => expect(view.getSnapshot().data).toMatchObject({ id: 1, title: 'one' }));

  await client.controller.fetch(TodoResource.delete, { id: '1' });
  await waitFor(() => expect(view.getSnapshot().loading).toBe(false));
  expect(view.getSnapshot()).toMatchObject({ data: undefined, error: { status: 404 } });
  expect(server.count('GET', '/todos/1')).toBe(2);
  // The view never showed the deleted todo as loaded again.
  expect(snaps.at(-1)).toBe(view.getSnapshot());
  stop();
});

it('the same read suspended afterwards (read / readAsync) ends with the 404 too', async () => {
  const { client, TodoResource } = await setup();
  const view = client.observe(TodoResource.get, { id: '1' });
  const stop = view.subscribe(() => {});
  await readAsync(view);
  await client.controller.fetch(TodoResource.delete, { id: '1' });
  await expect(readAsync(client.observe(TodoResource.get, { id: '1' }))).rejects.toMatchObject({ status: 404 });
  stop();
});

it('optimistic delete: a refetch made while the DELETE is pending resolves with the snapshot settled, and it stays settled once the DELETE is confirmed', async () => {
  const { server, client, Optimistic, holdNext } = await setup();
  const view = client.observe(Optimistic.get, { id: '1' });
  const stop = view.subscribe(() => {});
  await waitFor(() => expect(view.getSnapshot().data).toMatchObject({ id: 1 }));

  const gate = holdNext('DELETE', '/todos/1', true); // the server still has todo 1 meanwhile
  const deleting = client.controller.fetch(Optimistic.delete, { id: '1' });
  await server.received(1, (r) => r.method === 'DELETE');
  expect(view.getSnapshot().data).toBeUndefined(); // gone at once

  await view.refetch(); // answered with todo 1, still deleted on the client
  expect(server.count('GET', '/todos/1')).toBeGreaterThanOrEqual(2);
  expect(view.getSnapshot()).toMatchObject({ loading: false, data: undefined, error: undefined });

  gate.release();
  await deleting;
  await waitFor(() => expect(view.getSnapshot().loading).toBe(false));
  expect(view.getSnapshot().data).toBeUndefined();
  stop();
});

it('an older list answer does not bring back an entity deleted by a later DELETE, nor store its older fetchedAt', async () => {
  const { server, client, TodoResource, holdNext } = await setup();
  const gate = holdNext('GET', '/todos');
  const list = client.controller.fetch(TodoResource.getList);
  await server.received(1, (r) => r.path === '/todos'); // its answer, with todo 1, is built and held

  await client.controller.fetch(TodoResource.delete, { id: '1' });
  const deletedAt = client.getSnapshot().entitiesMeta.Todo!['1']!.fetchedAt;
  gate.release();
  await list;

  const state = client.getSnapshot();
  const { data } = client.controller.getResponse(TodoResource.getList, state);
  expect((data as Todo[]).map((t) => t.id)).toEqual([2]);
  expect(client.controller.get(Todo, { id: '1' }, state)).toBeUndefined();
  expect(state.entitiesMeta.Todo!['1']!.fetchedAt).toBe(deletedAt);
  // A view of the list agrees.
  const view = client.observe(TodoResource.getList);
  expect((view.getSnapshot().data as Todo[]).map((t) => t.id)).toEqual([2]);
});

it('an answer to a fetch that started after the DELETE brings the entity back (it was created again)', async () => {
  const { client, todos, TodoResource } = await setup();
  await client.controller.fetch(TodoResource.delete, { id: '1' });
  todos.set(1, { id: 1, title: 'again' });
  await client.controller.fetch(TodoResource.getList);
  const { data } = client.controller.getResponse(TodoResource.getList, client.getSnapshot());
  expect((data as Todo[]).map((t) => t.title)).toEqual(['two', 'again']);
});
