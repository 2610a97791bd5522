import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, Entity, RestEndpoint, type Client } from '../../src';
import { json, startServer, waitFor } from '@resto/testing';

// Readers of one read (endpoint, key, mode) share one subscribed observer: one fetch
// decision, one snapshot, one registration, however many components show it.

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
let release: () => void = () => {};

beforeEach(async () => {
  server = await startServer({
    'GET *': (hit, res) => {
      const id = Number(hit.url.split('/').pop());
      // The first read of user 1 is held until the test lets it go.
      if (id === 1 && server.count('GET', '/users/1') === 1) release = () => json(res, { id, name: `user ${id}` });
      else json(res, { id, name: `user ${id}` });
    },
  });
  client = createClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const getUser = () => new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, name: 'getUser' });

describe('shared reads', () => {
  it('observe() of a subscribed read returns it: one request, every reader told, one snapshot', async () => {
    const ep = getUser();
    const a = client.observe(ep, { id: 1 });
    let aCalls = 0;
    let bCalls = 0;
    const stopA = a.subscribe(() => aCalls++);
    const b = client.observe(ep, { id: 1 });
    expect(b).toBe(a);
    const stopB = b.subscribe(() => bCalls++);
    await waitFor(() => expect(server.count('GET', '/users/1')).toBe(1));
    release();
    await waitFor(() => expect(a.getSnapshot().data?.name).toBe('user 1'));
    await waitFor(() => expect(bCalls).toBeGreaterThan(0));
    expect(aCalls).toBeGreaterThan(0);
    expect(b.getSnapshot()).toBe(a.getSnapshot());
    expect(server.count('GET', '/users/1')).toBe(1);
    // One reader leaving keeps the read for the other.
    stopA();
    expect(client.observe(ep, { id: 1 })).toBe(a);
    stopB();
    // Nobody subscribed: the next observe() is a read of its own.
    expect(client.observe(ep, { id: 1 })).not.toBe(a);
  });

  it('another mode, another endpoint or an unsubscribed observer is not shared', () => {
    const ep = getUser();
    const unsubscribed = client.observe(ep, { id: 2 });
    expect(client.observe(ep, { id: 2 })).not.toBe(unsubscribed);
    const live = client.observe(ep, { id: 2 });
    const stop = live.subscribe(() => {});
    expect(client.observeWith({ fetch: false }, ep, [{ id: 2 }])).not.toBe(live);
    expect(client.observeWith({ poll: true }, ep, [{ id: 2 }])).not.toBe(live);
    expect(client.observe(ep.extend({ name: 'getUser2' }), { id: 2 })).not.toBe(live);
    expect(client.observeWith({}, ep, [{ id: 2 }])).toBe(live);
    stop();
  });

  it('the same listener subscribed by two readers is two subscriptions', async () => {
    const ep = getUser();
    let calls = 0;
    const listener = () => calls++;
    const stopA = client.observe(ep, { id: 3 }).subscribe(listener);
    const stopB = client.observe(ep, { id: 3 }).subscribe(listener);
    await waitFor(() => expect(client.observe(ep, { id: 3 }).getSnapshot().data?.name).toBe('user 3'));
    stopA();
    expect(client.listenerCount).toBe(1);
    // The read is still subscribed for the second reader, and still tells it.
    calls = 0;
    await client.controller.setResponse(ep, { id: 3 }, { id: 3, name: 'renamed' });
    await waitFor(() => expect(calls).toBe(1));
    stopB();
    expect(client.listenerCount).toBe(0);
  });
});
