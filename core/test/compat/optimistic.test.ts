import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Entity, RestEndpoint, createClient, resource, type Client } from '../../src';
import { startServer, type SeenRequest, type TestServer } from '../rest/server';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  userId = 0;
  updatedAt = 0;
  static override key = 'Todo';
}

// Every request waits until the test answers it, so the order of responses is the test's choice.
interface Held {
  req: SeenRequest;
  reply(status: number, body?: unknown): void;
}
let server: TestServer;
let held: Held[] = [];
let arrived: (() => void) | undefined;
beforeAll(async () => {
  server = await startServer((req, res: ServerResponse) => {
    held.push({
      req,
      reply(status, body) {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      },
    });
    arrived?.();
  });
});
afterAll(() => server.close());

async function nextRequest(): Promise<Held> {
  while (held.length === 0) await new Promise<void>((r) => (arrived = r));
  return held.shift()!;
}

function setup(): { client: Client; TodoResource: ReturnType<typeof makeResource> } {
  held = [];
  return { client: createClient(), TodoResource: makeResource() };
}
const makeResource = () => resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
const seed = [
  { id: 1, title: 'a', completed: false, userId: 1 },
  { id: 2, title: 'b', completed: false, userId: 1 },
];
async function seeded() {
  const s = setup();
  await s.client.controller.setResponse(s.TodoResource.getList, { userId: 1 }, seed);
  await s.client.controller.setResponse(s.TodoResource.getList, { userId: 2 }, []);
  return s;
}
function read(client: Client, endpoint: any, ...args: any[]): any {
  return client.controller.getResponse(endpoint, ...args, client.getSnapshot()).data;
}

describe('optimistic updates', () => {
  it('the value getOptimisticResponse returns is shown as given', async () => {
    const { client } = setup();
    const rename = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      method: 'PATCH',
      schema: Todo,
      getOptimisticResponse: (_snap: unknown, params: any, body: any) => ({ id: params.id, ...body, title: `${body.title}!` }),
    });
    const done = client.controller.fetch(rename, { id: 1 }, { title: 'x' });
    const req = await nextRequest();
    expect(client.getSnapshot().entities.Todo!['1']).toEqual({ id: 1, title: 'x!' });
    req.reply(200, { id: 1, title: 'server' });
    await done;
    expect(client.getSnapshot().entities.Todo!['1']).toEqual({ id: 1, title: 'server' });
    expect(client.getSnapshot().optimistic).toEqual([]);
  });

  it("a resource's optimistic update/partialUpdate/push read a FormData body's fields", async () => {
    const { client, TodoResource } = await seeded();
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const updating = client.controller.fetch(TodoResource.update, { id: 1 }, form({ title: 'put' }));
    const r1 = await nextRequest();
    expect(read(client, TodoResource.get, { id: 1 })).toMatchObject({ id: 1, title: 'put' });
    const patching = client.controller.fetch(TodoResource.partialUpdate, { id: 2 }, form({ title: 'patched' }));
    const r2 = await nextRequest();
    expect(read(client, TodoResource.get, { id: 2 })).toMatchObject({ id: 2, title: 'patched', completed: false });
    r1.reply(200, { ...seed[0], title: 'put' });
    r2.reply(200, { ...seed[1], title: 'patched' });
    await Promise.all([updating, patching]);
    expect(client.getSnapshot().optimistic).toEqual([]);
  });

  it('a getOptimisticResponse that throws fails the mutation with what it threw, sending nothing; snapshot.abort only skips the update', async () => {
    const { client } = await seeded();
    const sent = vi.fn(() => Promise.resolve({ id: 1, title: 'sent' }));
    for (const thrown of ['failed string', Object.create(null), new Error('bad')]) {
      const refuse = new RestEndpoint({
        path: '/todos/:id',
        method: 'PATCH',
        schema: Todo,
        getOptimisticResponse: () => {
          throw thrown;
        },
        fetch: sent,
      });
      await expect(client.controller.fetch(refuse, { id: 1 }, { title: 'x' })).rejects.toBe(thrown);
      expect(client.controller.getError(refuse, { id: 1 }, { title: 'x' }, client.getSnapshot())).toBe(thrown);
    }
    expect(sent).not.toHaveBeenCalled();
    expect(client.getSnapshot().optimistic).toEqual([]);
    const skip = new RestEndpoint({
      path: '/todos/:id',
      method: 'PATCH',
      schema: Todo,
      getOptimisticResponse: (snap: { abort: unknown }) => {
        throw snap.abort;
      },
      fetch: sent,
    });
    await expect(client.controller.fetch(skip, { id: 1 }, { title: 'x' })).resolves.toMatchObject({ title: 'sent' });
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('rolls back when the request rejects with a value that is not an Error', async () => {
    const { client } = await seeded();
    for (const reason of ['nope', null, 42, { code: 'E' }]) {
      const toggle = new RestEndpoint({
        path: '/todos/:id',
        method: 'PATCH',
        schema: Todo,
        getOptimisticResponse: (_s: unknown, params: any, body: any) => ({ id: params.id, ...body }),
        fetch: () => Promise.reject(reason),
      });
      const done = client.controller.fetch(toggle, { id: 1 }, { completed: true });
      expect(read(client, makeResource().get, { id: 1 })?.completed).toBe(true);
      await expect(done).rejects.toBe(reason);
      expect(client.getSnapshot().optimistic).toEqual([]);
      expect((client.getSnapshot().entities.Todo!['1'] as Todo).completed).toBe(false);
    }
  });

  it('racing toggles: each builds on the previous, and the last started response wins', async () => {
    const { client, TodoResource } = await seeded();
    const first = client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    const r1 = await nextRequest();
    const second = client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: false });
    const r2 = await nextRequest();
    expect(read(client, TodoResource.get, { id: 1 }).completed).toBe(false);
    // the second answers first; the first's late answer must not win
    r2.reply(200, { ...seed[0], completed: false, updatedAt: 2 });
    await second;
    r1.reply(200, { ...seed[0], completed: true, updatedAt: 1 });
    await first;
    expect(read(client, TodoResource.get, { id: 1 })).toMatchObject({ completed: false, updatedAt: 2 });
  });

  it('optimistic delete drops the item from lists at once and restores it on failure', async () => {
    const { client, TodoResource } = await seeded();
    const gone = client.controller.fetch(TodoResource.delete, { id: 1 });
    const r = await nextRequest();
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([2]);
    r.reply(500, { error: 'boom' });
    await expect(gone).rejects.toMatchObject({ status: 500 });
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1, 2]);
    const again = client.controller.fetch(TodoResource.delete, { id: 1 });
    (await nextRequest()).reply(200, {});
    await again;
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([2]);
  });

  it('eager create: the optimistic item shows at once, then is replaced by the server item', async () => {
    const { client, TodoResource } = await seeded();
    const created = client.controller.fetch(TodoResource.getList.push, { userId: 1 }, { title: 'new', userId: 1 });
    const r = await nextRequest();
    const during = read(client, TodoResource.getList, { userId: 1 }) as Todo[];
    expect(during.map((t) => t.title)).toEqual(['a', 'b', 'new']);
    r.reply(201, { id: 9, title: 'new', userId: 1, completed: false });
    expect(((await created) as Todo).id).toBe(9);
    const after = read(client, TodoResource.getList, { userId: 1 }) as Todo[];
    expect(after.map((t) => [t.id, t.title])).toEqual([[1, 'a'], [2, 'b'], [9, 'new']]);
  });

  it('two pending creates without an id: each shows its own temporary pk, then the real one or nothing', async () => {
    const { client, TodoResource } = await seeded();
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = { title: 'x', userId: 1 };
    const first = client.controller.fetch(TodoResource.getList.unshift, { userId: 1 }, body);
    const r1 = await nextRequest();
    const second = client.controller.fetch(TodoResource.getList.unshift, { userId: 1 }, { title: 'y', userId: 1 });
    const r2 = await nextRequest();
    const list = () => read(client, TodoResource.getList, { userId: 1 }) as Todo[];
    const [y, x] = list();
    // The pk field reads the temporary pk (a negative number, as `id` is a number), so `key={todo.id}` is unique.
    expect([x!.title, y!.title]).toEqual(['x', 'y']);
    expect(x!.id).toBeLessThan(0);
    expect(y!.id).toBeLessThan(0);
    expect(x!.id).not.toBe(y!.id);
    expect(x!.pk()).toBe(x!.id);
    expect(y!.pk()).toBe(y!.id);
    // The body sent is not the placeholder: it keeps no temporary id.
    expect(body).toEqual({ title: 'x', userId: 1 });
    expect(JSON.parse(r1.req.body)).toEqual({ title: 'x', userId: 1 });
    // Each keeps its pk while the other settles.
    r2.reply(400, { error: 'bad' });
    await expect(second).rejects.toMatchObject({ status: 400 });
    expect(list().map((t) => [t.id, t.title])).toEqual([[x!.id, 'x'], [1, 'a'], [2, 'b']]);
    r1.reply(201, { id: 9, title: 'x', userId: 1, completed: false });
    await first;
    expect(list().map((t) => [t.id, t.title])).toEqual([[9, 'x'], [1, 'a'], [2, 'b']]);
    expect(Object.keys(client.getSnapshot().entities.Todo!).sort()).toEqual(['1', '2', '9']);
    err.mockRestore();
  });

  it('an entity whose pk field is a string gets an "optimistic-N" temporary pk', async () => {
    class Note extends Entity {
      slug = '';
      text = '';
      override pk() {
        return this.slug;
      }
      static override key = 'Note';
    }
    const client = createClient();
    held = [];
    const NoteResource = resource({ urlPrefix: server.url, path: '/notes/:slug', schema: Note, optimistic: true });
    await client.controller.setResponse(NoteResource.getList, []);
    const a = client.controller.fetch(NoteResource.getList.push, { text: 'a' });
    const ra = await nextRequest();
    const b = client.controller.fetch(NoteResource.getList.push, { text: 'b' });
    const rb = await nextRequest();
    const slugs = (read(client, NoteResource.getList) as Note[]).map((n) => n.slug);
    expect(slugs).toHaveLength(2);
    expect(new Set(slugs).size).toBe(2);
    for (const slug of slugs) expect(slug).toMatch(/^optimistic-\d+$/);
    ra.reply(201, { slug: 'a', text: 'a' });
    rb.reply(201, { slug: 'b', text: 'b' });
    await Promise.all([a, b]);
    expect((read(client, NoteResource.getList) as Note[]).map((n) => n.slug)).toEqual(['a', 'b']);
  });

  it('getList.move takes the item out of its old list before the response', async () => {
    const { client, TodoResource } = await seeded();
    const moved = client.controller.fetch(TodoResource.getList.move, { id: 2 }, { userId: 2 });
    const r = await nextRequest();
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1]);
    expect(read(client, TodoResource.getList, { userId: 2 }).map((t: Todo) => t.id)).toEqual([2]);
    r.reply(200, { ...seed[1], userId: 2 });
    await moved;
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1]);
    expect(read(client, TodoResource.getList, { userId: 2 }).map((t: Todo) => t.id)).toEqual([2]);
  });

  it('toggle from the snapshot, with timestamps that race (shouldReorder by updatedAt)', async () => {
    class Stamped extends Todo {
      static override key = 'Stamped';
      static override shouldReorder(_a: unknown, _b: unknown, existing: any, incoming: any) {
        return existing.updatedAt > incoming.updatedAt;
      }
    }
    const client = createClient();
    held = [];
    const getStamped = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Stamped });
    const toggle = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id/toggle',
      method: 'POST',
      body: undefined,
      schema: Stamped,
      getOptimisticResponse(snap: any, { id }: { id: number }) {
        const { data } = snap.getResponse(getStamped, { id });
        if (!data) throw snap.abort;
        return { id, completed: !data.completed, updatedAt: snap.fetchedAt };
      },
    });
    await client.controller.setResponse(getStamped, { id: 1 }, { id: 1, completed: false, updatedAt: 0 });
    const t1 = client.controller.fetch(toggle, { id: 1 });
    const r1 = await nextRequest();
    const t2 = client.controller.fetch(toggle, { id: 1 });
    const r2 = await nextRequest();
    // two toggles: back to false, each computed from the one before
    expect(read(client, getStamped, { id: 1 }).completed).toBe(false);
    r2.reply(200, { id: 1, completed: false, updatedAt: 20 });
    await t2;
    r1.reply(200, { id: 1, completed: true, updatedAt: 10 });
    await t1;
    expect(read(client, getStamped, { id: 1 })).toMatchObject({ completed: false, updatedAt: 20 });
    // aborting: nothing stored for id 5, so no optimistic value and no error
    const t3 = client.controller.fetch(toggle, { id: 5 });
    const r3 = await nextRequest();
    expect(read(client, getStamped, { id: 5 })).toBeUndefined();
    r3.reply(200, { id: 5, completed: true, updatedAt: 30 });
    await t3;
    expect(read(client, getStamped, { id: 5 }).completed).toBe(true);
  });

  it('eager create with a client id: replaced by the server item (its own id), never both', async () => {
    const { client, TodoResource } = await seeded();
    const create = TodoResource.getList.push.extend({
      getOptimisticResponse: (_snap: unknown, _params: unknown, body: any) => ({ ...body, id: 'tmp-1' }),
    });
    const created = client.controller.fetch(create, { userId: 1 }, { title: 'eager', userId: 1 });
    const r = await nextRequest();
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1, 2, 'tmp-1']);
    r.reply(201, { id: 10, title: 'eager', userId: 1 });
    await created;
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1, 2, 10]);
    expect(client.getSnapshot().entities.Todo!['tmp-1']).toBeUndefined();
  });

  it('a rejected optimistic create leaves the lists as they were', async () => {
    const { client, TodoResource } = await seeded();
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = client.controller.fetch(TodoResource.getList.push, { userId: 1 }, { title: 'x', userId: 1 });
    (await nextRequest()).reply(400, { error: 'bad' });
    await expect(created).rejects.toMatchObject({ status: 400 });
    expect(read(client, TodoResource.getList, { userId: 1 }).map((t: Todo) => t.id)).toEqual([1, 2]);
    err.mockRestore();
  });
});
