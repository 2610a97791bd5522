import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, EndpointObserver, expiryTimer, NetworkManager, type Client } from '../../src';

// An EndpointObserver is a view of the store and of its key's request: it hears store
// changes and its request starting and ending through the client's one notification
// path, batched per tick, and its expiry timer through the same refresh.

let client: Client;
let calls: number;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  calls = 0;
  client = createClient({ managers: [new NetworkManager()] });
});
afterEach(() => {
  client.destroy();
  vi.useRealTimers();
});

const ep = new Endpoint(async () => ({ v: ++calls }), { name: 'ep', key: () => 'ep', dataExpiryLength: 1000 });

describe('an observer, a view of the store and its request', () => {
  it('fetches on mount, and tells its listeners loading then data, once per change', async () => {
    const obs = new EndpointObserver(client, ep, []);
    const seen: unknown[] = [];
    obs.subscribe(() => seen.push({ loading: obs.getSnapshot().loading, data: obs.getSnapshot().data }));
    expect(obs.getSnapshot()).toMatchObject({ loading: true, data: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot()).toMatchObject({ loading: false, data: { v: 1 } });
    expect(seen).toEqual([{ loading: false, data: { v: 1 } }]);
    expect(calls).toBe(1);
  });

  it('hears store changes, and refetches what they invalidate', async () => {
    const obs = new EndpointObserver(client, ep, []);
    const stop = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await client.controller.setResponse(ep, { v: 'pushed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot().data).toEqual({ v: 'pushed' });
    await client.controller.invalidate(ep);
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot().data).toEqual({ v: 2 });
    stop();
  });

  it('its expiry timer flips stale while subscribed, without a store change', async () => {
    client.destroy();
    client = createClient({ managers: [new NetworkManager()], expiryTimer }); // the timer is opt-in
    const obs = new EndpointObserver(client, ep, []);
    const seen: boolean[] = [];
    obs.subscribe(() => seen.push(obs.getSnapshot().stale));
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot().stale).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.at(-1)).toBe(true);
    expect(calls).toBe(1); // expiry alone starts no request
  });

  it('without expiryTimer (the default) it arms no timer: the expiry shows in the next read', async () => {
    const obs = new EndpointObserver(client, ep, []);
    const listener = vi.fn();
    obs.subscribe(listener);
    await vi.advanceTimersByTimeAsync(0);
    listener.mockClear();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(listener).not.toHaveBeenCalled();
    expect(calls).toBe(1);
    // A read made now (as a new render's) finds the data stale.
    expect(new EndpointObserver(client, ep, []).getSnapshot()).toMatchObject({ stale: true, data: { v: 1 } });
  });

  it('a refetch shows loading while it runs (its own wake-up), then the data', async () => {
    const obs = new EndpointObserver(client, ep, []);
    const seen: boolean[] = [];
    obs.subscribe(() => seen.push(obs.getSnapshot().loading));
    await vi.advanceTimersByTimeAsync(0);
    seen.length = 0;
    const done = obs.refetch();
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(seen).toEqual([true, false]);
    expect(obs.getSnapshot().data).toEqual({ v: 2 });
  });

  it('unsubscribed, keeps its snapshot while nothing changed, and sees expiry by the clock', async () => {
    await client.controller.setResponse(ep, { v: 'stored' });
    const obs = new EndpointObserver(client, ep, [], { fetch: false });
    const first = obs.getSnapshot();
    expect(obs.getSnapshot()).toBe(first);
    expect(first.stale).toBe(false);
    vi.setSystemTime(Date.now() + 1500);
    expect(obs.getSnapshot()).not.toBe(first);
    expect(obs.getSnapshot().stale).toBe(true);
  });

  it('two reads of one store refresh in one batch and each tell their own listeners', async () => {
    const a = new EndpointObserver(client, ep, []);
    const b = new EndpointObserver(client, ep, []);
    const order: string[] = [];
    a.subscribe(() => order.push('a'));
    b.subscribe(() => order.push('b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['a', 'b']);
    expect(calls).toBe(1); // one request for both
  });
});
