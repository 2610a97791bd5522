// Spec rows that cut across layers: custom keys, testKey-driven invalidation,
// file downloads that are not kept, and which step decides the resolved value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Entity, GCPolicy, NetworkManager, RestEndpoint, createClient, resource, type Client } from '../../src';
import { createMockClient } from '../../src/mock';
import { json, startServer, waitFor } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  static override key = 'Todo';
}
const api = 'http://api.test';
let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

describe('key and testKey', () => {
  it('a custom key function is the store key; identical reads under it share one request', async () => {
    let calls = 0;
    const byId = new RestEndpoint({
      urlPrefix: api,
      path: '/todos/:id',
      schema: Todo,
      key: ({ id }: { id: number }) => `todo:${id}`,
    });
    const mock = createMockClient([{ endpoint: byId, args: [{ id: 1 }], response: () => (calls++, { id: 1, title: 'a' }), delay: 5 }]);
    client = mock;
    expect(byId.key({ id: 1 })).toBe('todo:1');
    const [a, b] = await Promise.all([mock.controller.fetch(byId, { id: 1 }), mock.controller.fetch(byId, { id: 1 })]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(Object.keys(mock.getSnapshot().endpoints)).toEqual(['todo:1']);
  });

  it('invalidateAll and expireAll with a testKey reach every matching key and nothing else', async () => {
    const TodoResource = resource({ urlPrefix: api, path: '/todos/:id', schema: Todo });
    const mock = createMockClient([
      { endpoint: TodoResource.getList, response: ({ userId }: { userId: number }) => [{ id: userId * 10, userId, title: 'x' }] },
      { endpoint: TodoResource.get, response: ({ id }: { id: number }) => ({ id, userId: 1, title: 'one' }) },
    ]);
    client = mock;
    await mock.controller.fetch(TodoResource.getList, { userId: 1 });
    await mock.controller.fetch(TodoResource.getList, { userId: 2 });
    await mock.controller.fetch(TodoResource.get, { id: 5 });
    await mock.controller.invalidateAll(TodoResource.getList);
    const state = mock.getSnapshot();
    const status = (ep: any, ...args: any[]) => mock.controller.getResponse(ep, ...args, state).expiryStatus;
    expect(status(TodoResource.getList, { userId: 1 })).toBe(1);
    expect(status(TodoResource.getList, { userId: 2 })).toBe(1);
    expect(status(TodoResource.get, { id: 5 })).toBe(3);
    await mock.controller.expireAll(TodoResource.get);
    const after = mock.controller.getResponse(TodoResource.get, { id: 5 }, mock.getSnapshot());
    expect(after.data).toMatchObject({ title: 'one' }); // still shown...
    expect(after.expiresAt).toBeLessThan(Date.now()); // ...but stale, so readers revalidate
  });
});

describe('dataExpiryLength 0 and file downloads', () => {
  it('a blob download is shown once, refetched by the next reader, and not kept once unread', async () => {
    const server = await startServer({
      'GET /files/report.bin': (_h, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([1, 2, 3]));
      },
    });
    try {
      const download = new RestEndpoint({ urlPrefix: server.url, path: '/files/report.bin', content: 'blob', dataExpiryLength: 0 });
      // Only Date is fake: the expiry the sweep checks passes when the test says, not after a sleep.
      vi.useFakeTimers({ toFake: ['Date'] });
      const gc = new GCPolicy({ intervalMS: 1_000_000, graceMS: 0 });
      client = createClient({ managers: [new NetworkManager(), gc] });
      const first = client.observe(download);
      const u1 = first.subscribe(() => {});
      await waitFor(() => expect(first.getSnapshot().data).toBeInstanceOf(Blob));
      expect(new Uint8Array(await (first.getSnapshot().data as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
      expect(server.count('GET', '/files/report.bin')).toBe(1);
      const firstBlob = first.getSnapshot().data;
      u1();
      const second = client.observe(download);
      const u2 = second.subscribe(() => {});
      await waitFor(() => expect(server.count('GET', '/files/report.bin')).toBe(2));
      // The second answer is stored before the reader lets go (else it could land after the sweep).
      await waitFor(() => expect(second.getSnapshot().data).not.toBe(firstBlob));
      u2();
      vi.setSystemTime(Date.now() + 1000);
      await gc.sweep();
      expect(client.getSnapshot().endpoints).toEqual({});
    } finally {
      await server.close();
    }
  });
});

describe('which step decides the resolved value', () => {
  it('a direct call resolves with process; the store resolves with the schema', async () => {
    const server = await startServer({ 'GET /todos/1': (_h, res) => json(res, { id: 1, userId: 1, title: 'a' }) });
    try {
      const getTodo = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
      const direct = await getTodo({ id: 1 });
      expect(direct).not.toBeInstanceOf(Todo);
      expect(direct).toEqual({ id: 1, userId: 1, title: 'a' });
      client = createClient();
      const stored = await client.controller.fetch(getTodo, { id: 1 });
      expect(stored).toBeInstanceOf(Todo);
    } finally {
      await server.close();
    }
  });
});

describe('limits', () => {
  it('default method GET and urlPrefix ""; Collection extenders without a Collection have no schema', () => {
    const plain = new RestEndpoint({ path: '/todos', schema: [Todo], name: 'Todo.list' });
    expect(plain.method).toBe('GET');
    expect(plain.urlPrefix).toBe('');
    expect(plain.url()).toBe('/todos');
    for (const member of ['unshift', 'assign', 'remove', 'move'] as const) {
      expect((plain as any)[member].schema).toBeUndefined();
    }
  });
});
