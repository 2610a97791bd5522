// A suspended read (promise()/readAsync() before anything subscribed) claims its
// request: letting go of the claim aborts it unless another reader wants it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { readAsync, createClient, Entity, RestEndpoint, type Client } from '../../src';
import { defer, json, passTime, startServer, until, useFakeClock, type Hit } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let getTodo: RestEndpoint<any>;
let client: Client;
/** Held answers, by id: the server answers only when a test says so, or sees the client leave. */
let held: Map<number, ReturnType<typeof defer<void>>>;

async function hold(hit: Hit, res: ServerResponse) {
  const id = Number(hit.url.split('/').pop());
  const gate = defer();
  held.set(id, gate);
  const answered = await Promise.race([gate.promise.then(() => true), hit.closed.then(() => false)]);
  if (answered) json(res, { id, title: `t${id}` });
}

beforeAll(async () => {
  server = await startServer({ 'GET *': hold });
  getTodo = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
});
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  vi.useRealTimers();
  server.hits.length = 0;
  held = new Map();
});
held = new Map();

const hit = (id: number) => server.hits.find((h) => h.url === `/todos/${id}`)!;

describe('a suspended read that never subscribed', () => {
  it('release() aborts its request: the server sees the client leave, nothing is stored', async () => {
    client = createClient();
    const read = client.observe(getTodo, { id: 1 });
    const waiting = readAsync(read);
    await until(() => server.hits.length === 1);
    read.release();
    await hit(1).closed;
    await expect(waiting).resolves.toBeUndefined();
    expect(client.getSnapshot().entities).toEqual({});
    expect(client.getSnapshot().endpoints).toEqual({});
  });

  it('is not aborted while another reader of the key wants it', async () => {
    client = createClient();
    const a = client.observe(getTodo, { id: 2 });
    const b = client.observe(getTodo, { id: 2 });
    const shown = readAsync(b);
    void readAsync(a);
    await until(() => server.hits.length === 1);
    a.release();
    await until(() => held.has(2));
    held.get(2)!.resolve();
    await expect(shown).resolves.toMatchObject({ title: 't2' });
    expect(server.hits).toHaveLength(1);
  });

  it('once subscribed, the claim is the subscription: release() does nothing, the last unsubscribe aborts', async () => {
    useFakeClock();
    client = createClient();
    const a = client.observe(getTodo, { id: 5 });
    void readAsync(a);
    await until(() => held.has(5));
    const stop = a.subscribe(() => {});
    a.release();
    await passTime(1000);
    expect(a.getSnapshot().loading).toBe(true);
    stop();
    await hit(5).closed;
  });
});
