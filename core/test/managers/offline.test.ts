import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createClient, Endpoint, Entity, EnvironmentSignal, getDefaultManagers, OfflineError, OfflineManager, resource, RestEndpoint, WindowEventsManager, type Client } from '../../src';
import { defer, json, nextTask, recordFetches, startServer, waitFor } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
const rows = new Map<number, { id: number; title: string }>();
/** When set, PATCH requests wait for it before answering. */
let gate: Promise<void> | undefined;

beforeEach(async () => {
  // A controlled clock: "nothing happens" checks move it on instead of sleeping.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  gate = undefined;
  rows.clear();
  for (const id of [1, 2]) rows.set(id, { id, title: `todo ${id}` });
  const patch = async (hit: { url: string; body: string }, res: Parameters<typeof json>[0]) => {
    if (gate) await gate;
    const id = Number(hit.url.split('/')[2]);
    const next = { ...rows.get(id)!, ...JSON.parse(hit.body) };
    rows.set(id, next);
    json(res, next);
  };
  server = await startServer({
    'GET /todos/1': (_hit, res) => json(res, rows.get(1)),
    'PATCH /todos/1': patch,
    'PATCH /todos/2': patch,
  });
});
afterEach(async () => {
  client?.destroy();
  vi.useRealTimers();
  await server.close();
});

/** The default managers and the one that acts on `client.online` (what these tests are about). */
const offline = () => [...getDefaultManagers(), new OfflineManager()];

const api = () => resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
/** Gives the client its chance to act: a second of (fake) time for timers, then a turn of real I/O. */
const flush = async () => {
  await vi.advanceTimersByTimeAsync(1000);
  await nextTask();
};
const title = (id: number) => (client.controller.get(Todo, { id }, client.getSnapshot()) as Todo | undefined)?.title;

describe('reads while offline', () => {
  it('a read with nothing to show is held (no request) and sent when the network is back', async () => {
    client = createClient({ managers: offline() });
    const fetched = recordFetches();
    client.online!.set(false);
    const obs = client.observe(api().get, { id: 1 });
    obs.subscribe(() => {});
    const direct = client.controller.fetch(api().get, { id: 1 });
    await flush();
    expect(obs.getSnapshot()).toMatchObject({ loading: true, data: undefined, error: undefined });
    expect(fetched()).toEqual([]);
    client.online!.set(true);
    await expect(direct).resolves.toMatchObject({ title: 'todo 1' });
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('todo 1'));
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('stale data is kept without a request while offline, and revalidated on reconnect', async () => {
    // Revalidating on reconnect is the WindowEventsManager's, which includes the offline hold.
    client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()] });
    const get = api().get.extend({ dataExpiryLength: 1000 });
    await client.controller.fetch(get, { id: 1 });
    const fetched = recordFetches();
    vi.setSystemTime(Date.now() + 1500);
    rows.get(1)!.title = 'renamed';
    client.online!.set(false);
    const obs = client.observe(get, { id: 1 });
    obs.subscribe(() => {});
    expect(obs.getSnapshot()).toMatchObject({ loading: false, stale: true, data: { title: 'todo 1' } });
    await flush();
    expect(fetched()).toEqual([]);
    client.online!.set(true);
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('renamed'));
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('a failure while offline does not count as a try: it waits for the network and tries again', async () => {
    client = createClient({ retry: 0, managers: offline() });
    let calls = 0;
    const ep = new Endpoint(
      async () => {
        if (++calls === 1) {
          client.online!.set(false); // the connection dropped during the request
          throw new TypeError('fetch failed');
        }
        return { ok: true };
      },
      { name: 'dropping' },
    );
    const obs = client.observe(ep);
    obs.subscribe(() => {});
    await flush();
    expect(obs.getSnapshot()).toMatchObject({ loading: true, retryCount: 0, error: undefined });
    expect(calls).toBe(1);
    client.online!.set(true);
    await waitFor(() => expect(obs.getSnapshot().data).toEqual({ ok: true }));
    expect(calls).toBe(2);
  });
});

describe('mutations while offline', () => {
  it('a mutation that fails as the network drops fails (it may have reached the server): not held, not sent again', async () => {
    client = createClient({ retry: 0, managers: offline() });
    let calls = 0;
    const save = new Endpoint(
      async () => {
        calls++;
        client.online!.set(false); // the connection dropped during the request
        throw new TypeError('fetch failed');
      },
      { name: 'save', sideEffect: true },
    );
    await expect(client.controller.fetch(save)).rejects.toBeInstanceOf(TypeError);
    client.online!.set(true);
    await flush();
    expect(calls).toBe(1);
  });

  it('are rejected at once with an OfflineError naming the endpoint and the way to queue, changing nothing', async () => {
    client = createClient({ managers: offline() });
    const { partialUpdate, get } = api();
    await client.controller.fetch(get, { id: 1 });
    const fetched = recordFetches();
    client.online!.set(false);
    const error = await client.controller.fetch(partialUpdate, { id: 1 }, { title: 'offline' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toMatchObject({ name: 'OfflineError', endpoint: partialUpdate.name });
    expect((error as Error).message).toContain(partialUpdate.name);
    expect((error as Error).message).toContain('queueOfflineMutations');
    expect(title(1)).toBe('todo 1');
    client.online!.set(true);
    await flush();
    expect(fetched()).toEqual([]);
  });

  it('queued (opt-in): the optimistic update shows at once, requests replay in order when back online', async () => {
    client = createClient({ queueOfflineMutations: true, managers: offline() });
    const { partialUpdate, get } = api();
    await client.controller.fetch(get, { id: 1 });
    const fetched = recordFetches();
    client.online!.set(false);
    const settled: string[] = [];
    const first = client.controller.fetch(partialUpdate, { id: 1 }, { title: 'first' }).then(() => settled.push('first'));
    const second = client.controller.fetch(partialUpdate, { id: 2 }, { title: 'second' }).then(() => settled.push('second'));
    await flush();
    expect(title(1)).toBe('first'); // optimistic, kept while offline
    expect(fetched()).toEqual([]);

    const held = defer();
    gate = held.promise;
    client.online!.set(true);
    await waitFor(() => expect(server.hits.filter((h) => h.method === 'PATCH')).toHaveLength(1));
    await flush();
    // One after another: the second waits for the first's answer.
    expect(fetched()).toEqual(['/todos/1']);
    expect(settled).toEqual([]);
    gate = undefined;
    held.resolve();
    await Promise.all([first, second]);
    expect(server.hits.filter((h) => h.method === 'PATCH').map((h) => h.url)).toEqual(['/todos/1', '/todos/2']);
    expect(settled).toEqual(['first', 'second']);
    expect(rows.get(1)!.title).toBe('first');
    expect(title(1)).toBe('first');
  });

  it("an endpoint's queueOfflineMutations wins over the client's default", async () => {
    client = createClient({ managers: offline() });
    const fetched = recordFetches();
    const queued = api().partialUpdate.extend({ queueOfflineMutations: true });
    client.online!.set(false);
    const pending = client.controller.fetch(queued, { id: 1 }, { title: 'later' });
    await flush();
    expect(fetched()).toEqual([]);
    client.online!.set(true);
    await expect(pending).resolves.toMatchObject({ title: 'later' });
    expect(server.count('PATCH', '/todos/1')).toBe(1);
  });

  it('client.destroy() rejects what is queued and leaves no listener', async () => {
    client = createClient({ queueOfflineMutations: true, managers: offline() });
    const fetched = recordFetches();
    client.online!.set(false);
    const pending = client.controller.fetch(api().partialUpdate, { id: 1 }, { title: 'never' }).catch((e: unknown) => e);
    const read = client.controller.fetch(api().get, { id: 1 }).catch((e: unknown) => e);
    await flush();
    expect(client.online!.listenerCount).toBeGreaterThan(0);
    client.destroy();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(await read).toMatchObject({ name: 'AbortError' });
    expect(client.online!.listenerCount).toBe(0);
    client.online!.set(true);
    await flush();
    expect(fetched()).toEqual([]);
    expect(server.hits).toHaveLength(0);
  });
});

describe('types', () => {
  it('freshness options are typed on endpoints, resources and the client', () => {
    createClient({
      refetchOnMount: 'always',
      retry: (failures, error) => {
        expectTypeOf(failures).toEqualTypeOf<number>();
        expectTypeOf(error.status).toEqualTypeOf<number | undefined>();
        return failures < 2;
      },
      retryDelay: (failures) => failures * 100,
    });
    new RestEndpoint({ path: '/x', retry: 2, retryDelay: 10, refetchOnWindowFocus: 'always', queueOfflineMutations: true });
    resource({ path: '/r/:id', schema: Todo, refetchOnReconnect: false, queueOfflineMutations: true });
    const c = createClient();
    expectTypeOf(c.online).toEqualTypeOf<EnvironmentSignal | undefined>();
    expectTypeOf(c.observe(api().get, { id: 1 }).getSnapshot().retryCount).toEqualTypeOf<number>();
    // @ts-expect-error not a refetch mode
    new RestEndpoint({ path: '/x', refetchOnWindowFocus: 'sometimes' });
    // @ts-expect-error retryDelay is a number of ms or a function
    createClient({ retryDelay: '1s' });
    c.destroy();
  });
});
