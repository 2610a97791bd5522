import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAsync, createClient, dehydrate, Endpoint, Entity, GCPolicy, NetworkManager, PollingModes, SubscriptionManager } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let calls = 0;
const listTodos = new Endpoint(async () => {
  calls++;
  return [
    { id: 1, title: 'milk' },
    { id: 2, title: 'bread' },
  ];
}, { key: () => 'todos', schema: [Todo], pollFrequency: 1000 });

afterEach(() => {
  vi.useRealTimers();
  calls = 0;
});

/**
 * What a framework's server render does with a read: subscribe (Vue and Svelte never
 * run the matching unmount on the server), wait for the data, dehydrate, and end.
 */
async function serverRender() {
  const client = createClient({ ssr: true });
  const live = client.observeWith({ poll: true }, listTodos, []);
  live.subscribe(() => {});
  const plain = client.observe(listTodos);
  plain.subscribe(() => {});
  const todos = await readAsync(plain);
  const snapshot = dehydrate(client);
  client.destroy();
  return { client, todos, snapshot };
}

describe('server mode', () => {
  it('1,000 server renders leave no timer, no listener and fetch once each', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let last;
    for (let i = 0; i < 1000; i++) {
      last = await serverRender();
      expect(last.client.listenerCount).toBe(0);
    }
    expect(last!.todos!.map((t) => t.title)).toEqual(['milk', 'bread']);
    expect(Object.keys(last!.snapshot.endpoints)).toEqual(['todos']);
    expect(vi.getTimerCount()).toBe(0);
    expect(calls).toBe(1000);
    // Nothing runs later either: no poll, no revalidation, no GC sweep.
    vi.advanceTimersByTime(10 * 60_000);
    expect(calls).toBe(1000);
  });

  it('a read bringing its own polling (PollingModes, useLive) never polls on a server client', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const client = createClient({ ssr: true });
    const live = client.observeWith(PollingModes.live, listTodos, []);
    live.subscribe(() => {});
    await readAsync(live);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
    client.destroy();
  });

  it('a browser client with the same reads does start timers (what server mode leaves out)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const client = createClient();
    client.observeWith({ poll: true }, listTodos, []).subscribe(() => {});
    await readAsync(client.observe(listTodos));
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    client.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('destroy() stops observers still subscribed: no revalidation, poll or GC afterwards', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const client = createClient({ managers: [new NetworkManager(), new SubscriptionManager(), new GCPolicy()] });
    const obs = client.observeWith({ poll: true }, listTodos, []);
    const seen: unknown[] = [];
    obs.subscribe(() => seen.push(obs.getSnapshot().data));
    await readAsync(obs);
    const before = calls;
    client.destroy();
    expect(obs.listenerCount).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
    expect(client.destroyed).toBe(true);
  });

  it('a read after destroy() rejects naming the key instead of hanging', async () => {
    const client = createClient();
    client.destroy();
    await expect(client.controller.fetch(listTodos)).rejects.toThrow(/todos was read after client\.destroy\(\)/);
  });

  it('a read waiting for its answer when destroy() aborts it settles instead of hanging', async () => {
    let started!: () => void;
    const asked = new Promise<void>((r) => (started = r));
    // Answers only when aborted: the answer a destroy() cuts off.
    const held = new Endpoint(function (this: { signal: AbortSignal }) {
      started();
      return new Promise((_, reject) => this.signal.addEventListener('abort', () => reject(this.signal.reason)));
    }, { key: () => 'held', schema: [Todo] });
    const client = createClient();
    const reading = readAsync(client.observe(held));
    await asked;
    client.destroy();
    await expect(reading).resolves.toBeUndefined();
    expect(client.listenerCount).toBe(0);
  });

  it('hydrated data is fresh until its own expiry: no fetch on mount', async () => {
    const server = createClient({ ssr: true });
    await server.controller.fetch(listTodos);
    // A controlled clock: "no fetch" is checked after time has passed, not after a sleep.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const browser = createClient({ initialState: dehydrate(server) });
    server.destroy();
    const before = calls;
    const obs = browser.observe(listTodos);
    obs.subscribe(() => {});
    expect(obs.getSnapshot()).toMatchObject({ loading: false, stale: false });
    expect(obs.getSnapshot().data?.map((t) => t.title)).toEqual(['milk', 'bread']);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(before);
    browser.destroy();
  });
});
