import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  Endpoint,
  Entity,
  expiryTimer,
  getDefaultManagers,
  NetworkManager,
  RestEndpoint,
  WindowEventsManager,
  type Client,
  type ClientOptions,
  type EndpointObserver,
} from '../../src';
import { json, startServer, waitFor } from '@resto/testing';

// Reads revalidate on triggers (mount, focus regained, network back), never on expiry alone.

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
let title = 'first';

beforeEach(async () => {
  title = 'first';
  server = await startServer({ 'GET /todos/1': (_hit, res) => json(res, { id: 1, title }) });
});
afterEach(async () => {
  client?.destroy();
  vi.useRealTimers();
  await server.close();
});

const getTodo = (options: Partial<RestEndpoint> = {}) =>
  new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'getTodo', dataExpiryLength: 1000, ...options });
const count = () => server.count('GET', '/todos/1');

/** Mounts a subscribed read (its client revalidates on focus and reconnect: opt-in) and waits for its first answer. */
async function mounted(ep: RestEndpoint, options: ClientOptions = {}) {
  client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()], ...options });
  const obs = client.observe(ep, { id: 1 }) as EndpointObserver;
  const stop = obs.subscribe(() => {});
  await waitFor(() => expect(obs.getSnapshot().data).toBeDefined());
  return { obs, stop };
}

/** Moves the clock past the data's expiry (only Date is faked: the store reads it). */
function expire() {
  vi.setSystemTime(Date.now() + 1500);
}

function regainFocus() {
  client.focus!.set(false);
  client.focus!.set(true);
}

function reconnect() {
  client.online!.set(false);
  client.online!.set(true);
}

describe('expiry', () => {
  it('an invalidIfStale read refetches at expiry: its data is unusable, nothing else would answer it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { obs } = await mounted(getTodo({ invalidIfStale: true }), { expiryTimer });
    title = 'second';
    await vi.advanceTimersByTimeAsync(1001);
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('second'));
    expect(count()).toBe(2);
  });
});

describe('expiry timer', () => {
  it('flips stale while subscribed for data that expires more than 24.8 days (2^31-1 ms) out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const day = 24 * 60 * 60 * 1000;
    const ep = new Endpoint(async () => ({ v: 1 }), { name: 'config', key: () => 'config', dataExpiryLength: 30 * day });
    client = createClient({ managers: [new NetworkManager()], expiryTimer });
    const obs = client.observe(ep);
    const seen: boolean[] = [];
    const stop = obs.subscribe(() => seen.push(obs.getSnapshot().stale));
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot()).toMatchObject({ data: { v: 1 }, stale: false });
    await vi.advanceTimersByTimeAsync(30 * day - 1);
    expect(obs.getSnapshot().stale).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.at(-1)).toBe(true); // listeners were told, without anyone reading first
    stop();
  });
});

describe('expiry timer and a store change together', () => {
  it('an expireAll landing in the same flush as the expiry timer still revalidates', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const ep = new Endpoint(async () => ({ v: ++calls }), { name: 'ep', key: () => 'ep', dataExpiryLength: 1000 });
    client = createClient({ managers: [new NetworkManager()], expiryTimer });
    const obs = client.observe(ep);
    const stop = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(1000); // the expiry timer fires; its refresh waits for the microtask
    void client.controller.expireAll({ testKey: (key) => key === 'ep' }); // in the same tick
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2); // expireAll revalidates a subscribed read, as it does alone
    expect(obs.getSnapshot().data).toEqual({ v: 2 });
    stop();
  });

  it('expireAll alone revalidates (the same read, without the timer)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const ep = new Endpoint(async () => ({ v: ++calls }), { name: 'ep', key: () => 'ep', dataExpiryLength: 1000 });
    client = createClient({ managers: [new NetworkManager()] });
    const stop = client.observe(ep).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    vi.advanceTimersByTime(500);
    void client.controller.expireAll({ testKey: (key) => key === 'ep' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    stop();
  });
});

describe('focus regained', () => {
  it('refetches stale data only; fresh data is left alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { obs } = await mounted(getTodo());
    regainFocus();
    await Promise.resolve();
    expect(obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(1);
    expire();
    title = 'second';
    regainFocus();
    expect(obs.getSnapshot()).toMatchObject({ loading: true, data: { title: 'first' } });
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('second'));
    expect(count()).toBe(2);
  });

  it("'always' refetches even fresh data", async () => {
    await mounted(getTodo(), { refetchOnWindowFocus: 'always' });
    regainFocus();
    await waitFor(() => expect(count()).toBe(2));
  });

  it('going hidden fetches nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { obs } = await mounted(getTodo(), { refetchOnWindowFocus: 'always' });
    expire();
    client.focus!.set(false);
    expect(obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(1);
  });

  it("the endpoint's option wins over the client's, both ways", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const off = await mounted(getTodo({ refetchOnWindowFocus: false }), { refetchOnWindowFocus: 'always' });
    expire();
    regainFocus();
    expect(off.obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(1);
    client.destroy();

    const on = await mounted(getTodo({ refetchOnWindowFocus: true }), { refetchOnWindowFocus: false });
    expect(count()).toBe(2); // stale: mount refetched
    expire();
    regainFocus();
    expect(on.obs.getSnapshot().loading).toBe(true);
    await waitFor(() => expect(count()).toBe(3));
  });

  it('a focus that fetches nothing still shows what it found: data that expired meanwhile turns stale, and listeners hear it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { obs } = await mounted(getTodo({ refetchOnWindowFocus: false }));
    const seen: boolean[] = [];
    obs.subscribe(() => seen.push(obs.getSnapshot().stale));
    expire();
    regainFocus();
    expect(seen).toEqual([true]);
    expect(obs.getSnapshot()).toMatchObject({ stale: true, loading: false, data: { title: 'first' } });
    expect(count()).toBe(1);
  });
});

describe('network back', () => {
  it('refetches stale data (and fresh data with always); off switches it off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { obs } = await mounted(getTodo());
    reconnect();
    expect(obs.getSnapshot().loading).toBe(false);
    expire();
    reconnect();
    await waitFor(() => expect(count()).toBe(2));
    client.destroy();

    await mounted(getTodo({ refetchOnReconnect: 'always' }));
    reconnect();
    await waitFor(() => expect(count()).toBe(4));
    client.destroy();

    const off = await mounted(getTodo(), { refetchOnReconnect: false });
    expire();
    reconnect();
    expect(off.obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(5);
  });
});

describe('hidden tab', () => {
  it('a reconnect while hidden waits for the page to be visible again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { obs } = await mounted(getTodo({ refetchOnWindowFocus: false }));
    expire();
    client.focus!.set(false);
    reconnect();
    expect(obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(1);
    client.focus!.set(true);
    await waitFor(() => expect(count()).toBe(2));
  });
});

describe('mount', () => {
  it('refetchOnMount: false keeps stale data, still fetches missing data; always refetches fresh data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ep = getTodo({ refetchOnMount: false });
    client = createClient();
    const first = client.observe(ep, { id: 1 });
    const stopFirst = first.subscribe(() => {});
    await waitFor(() => expect(first.getSnapshot().data).toBeDefined()); // missing: fetched
    stopFirst();
    expire();
    const second = client.observe(ep, { id: 1 });
    second.subscribe(() => {});
    expect(second.getSnapshot()).toMatchObject({ loading: false, stale: true, data: { title: 'first' } });
    expect(count()).toBe(1);

    const always = client.observe(getTodo({ refetchOnMount: 'always', dataExpiryLength: 60_000 }), { id: 1 });
    await client.controller.fetch(getTodo({ dataExpiryLength: 60_000 }), { id: 1 });
    expect(count()).toBe(2);
    always.subscribe(() => {});
    await waitFor(() => expect(count()).toBe(3));
  });

  it('data that expires while nobody looks only turns stale; an unrelated store change fetches nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { obs } = await mounted(getTodo(), { expiryTimer });
    const notified = vi.fn();
    obs.subscribe(notified);
    await vi.advanceTimersByTimeAsync(1001);
    expect(obs.getSnapshot()).toMatchObject({ stale: true, loading: false, data: { title: 'first' } });
    expect(notified).toHaveBeenCalled();
    await client.controller.setResponse(new RestEndpoint({ path: '/other', name: 'other' }), { unrelated: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(obs.getSnapshot().loading).toBe(false);
    expect(count()).toBe(1);
  });
});

describe('listeners', () => {
  it('a read listens to focus and online only while subscribed, and none are left after destroy', async () => {
    const { stop } = await mounted(getTodo());
    expect(client.focus!.listenerCount).toBe(1);
    expect(client.online!.listenerCount).toBe(1);
    stop();
    expect(client.focus!.listenerCount).toBe(0);
    expect(client.online!.listenerCount).toBe(0);

    const again = client.observe(getTodo(), { id: 1 });
    again.subscribe(() => {});
    const cacheOnly = client.observeWith({ fetch: false }, getTodo(), [{ id: 1 }]);
    cacheOnly.subscribe(() => {});
    expect(client.focus!.listenerCount).toBe(1); // a cache-only read never revalidates
    client.destroy();
    expect(client.focus!.listenerCount).toBe(0);
    expect(client.online!.listenerCount).toBe(0);
  });

  it('a server render (ssr) never listens and never retries', async () => {
    let calls = 0;
    server.routes['GET /todos/1'] = (_hit, res) => {
      calls++;
      json(res, { message: 'down' }, 503);
    };
    client = createClient({ ssr: true, retryDelay: 0, managers: [...getDefaultManagers({ ssr: true }), new WindowEventsManager()] });
    const obs = client.observe(getTodo(), { id: 1 });
    obs.subscribe(() => {});
    expect(client.focus!.listenerCount + client.online!.listenerCount).toBe(0);
    await waitFor(() => expect(obs.getSnapshot().error?.status).toBe(503));
    expect(calls).toBe(1);
  });
});
