import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@resto/testing';
import { fetchIfNeeded, createClient, Endpoint, NetworkManager, type Client } from '../../src';
import { getTodo } from '../fixtures/todo';
import { createMockClient } from '../../src/mock';

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

function setup(endpoint = getTodo) {
  let calls = 0;
  const mock = createMockClient([
    {
      endpoint,
      response: ({ id }: { id: number }) => {
        calls++;
        if (id === 404) throw Object.assign(new Error('gone'), { status: 404 });
        return { id, title: `t${id}` };
      },
    },
  ]);
  client = mock;
  return { client: mock, calls: () => calls };
}

describe('fetchIfNeeded(EndpointObserver): useFetch in every adapter', () => {
  it('starts the fetch when data is missing and gives one promise resolving with the data', async () => {
    const { client, calls } = setup();
    const obs = client.observe(getTodo, { id: 1 });
    const pending = fetchIfNeeded(obs);
    expect(pending).toBeInstanceOf(Promise);
    expect(fetchIfNeeded(obs)).toBe(pending);
    await expect(pending).resolves.toMatchObject({ id: 1, title: 't1' });
    await Promise.resolve();
    expect(fetchIfNeeded(obs)).toBeUndefined();
    expect(calls()).toBe(1);
  });

  it('is undefined for fresh data, a stored error and null args; fetches again once stale', async () => {
    const { client, calls } = setup();
    await client.controller.fetch(getTodo, { id: 1 });
    expect(fetchIfNeeded(client.observe(getTodo, { id: 1 }))).toBeUndefined();
    await client.controller.setError(getTodo, { id: 2 }, Object.assign(new Error('gone'), { status: 404 }));
    expect(fetchIfNeeded(client.observe(getTodo, { id: 2 }))).toBeUndefined();
    expect(fetchIfNeeded(client.observe(getTodo, null))).toBeUndefined();
    expect(calls()).toBe(1);
    await client.controller.expireAll(getTodo);
    await expect(fetchIfNeeded(client.observe(getTodo, { id: 1 }))).resolves.toMatchObject({ title: 't1' });
    expect(calls()).toBe(2);
  });

  it('an observer held between renders sees its data go stale with time: it refetches, and invalidIfStale data suspends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const price = new Endpoint(async () => ({ n: ++calls }), { name: 'price', dataExpiryLength: 1000, invalidIfStale: true });
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    await c.controller.fetch(price);
    const held = c.observe(price); // e.g. kept by a web component, not subscribed
    expect(held.read().status).toBe('ready');
    expect(fetchIfNeeded(held)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000); // the data expired; nothing changed in the store
    expect(held.getSnapshot()).toMatchObject({ stale: true, data: undefined });
    expect(held.read().status).toBe('pending');
    await expect(fetchIfNeeded(held)).resolves.toEqual({ n: 2 });
    expect(calls).toBe(2);
    expect(held.read()).toEqual({ status: 'ready', data: { n: 2 } });
  });

  it('rejects with the error (stored too), never as an unhandled rejection', async () => {
    const { client } = setup();
    const obs = client.observe(getTodo, { id: 404 });
    const ignored = fetchIfNeeded(obs); // nobody handles it: vitest would report it
    expect(ignored).toBeInstanceOf(Promise);
    await waitFor(() => expect(obs.getSnapshot().error?.status).toBe(404));
    await expect(ignored).rejects.toMatchObject({ status: 404 });
    expect(fetchIfNeeded(obs)).toBeUndefined(); // the stored error waits for a retry
  });

  it("while subscribed it reports the observer's own fetch and never loops on data that expires at once", async () => {
    // A controlled clock: a loop would show within the second it moves on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const instant = getTodo.extend({ dataExpiryLength: 0 });
    const { client, calls } = setup(instant);
    const obs = client.observe(instant, { id: 1 });
    const stop = obs.subscribe(() => fetchIfNeeded(obs));
    const running = fetchIfNeeded(obs);
    expect(running).toBeInstanceOf(Promise);
    await running;
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchIfNeeded(obs)).toBeUndefined();
    expect(calls()).toBe(1);
    stop();
  });
});
