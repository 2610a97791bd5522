import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchIfNeeded,
  createClient,
  getDefaultManagers,
  RetryManager,
  Endpoint,
  Entity,
  isRetryable,
  NetworkError,
  NetworkManager,
  OfflineManager,
  RestEndpoint,
  TimeoutManager,
  SchemaError,
  type Client,
} from '../../src';
import { json, startServer, waitFor } from '@resto/testing';

/** The default managers plus retries (opt-in). */
const withRetries = () => [...getDefaultManagers(), new RetryManager()];

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
/** Statuses the next GETs answer, in order; then 200. */
let statuses: number[] = [];

beforeEach(async () => {
  statuses = [];
  const answer = (res: Parameters<typeof json>[0], body: unknown) => {
    const status = statuses.shift() ?? 200;
    json(res, status === 200 ? body : { message: 'failed' }, status);
  };
  server = await startServer({
    'GET /todos/1': (_hit, res) => answer(res, { id: 1, title: 'one' }),
    'PATCH /todos/1': (hit, res) => answer(res, { id: 1, ...JSON.parse(hit.body) }),
  });
});
afterEach(async () => {
  client?.destroy();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await server.close();
});

const getTodo = new RestEndpoint({ path: '/todos/:id', schema: Todo, name: 'getTodo' });
const endpoints = () => ({
  get: getTodo.extend({ urlPrefix: server.url }),
  patch: new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos/:id',
    method: 'PATCH',
    body: {} as { title?: string; n?: bigint },
    schema: Todo,
    name: 'patchTodo',
  }),
});

describe('opt-in: without a RetryManager', () => {
  it('a failure is final: the read is sent once, and its retryCount stays 0', async () => {
    client = createClient({ retryDelay: 0 });
    statuses = [503, 503];
    const observer = client.observe(endpoints().get, { id: 1 });
    const seen: number[] = [];
    const stop = observer.subscribe(() => seen.push(observer.getSnapshot().retryCount));
    await vi.waitFor(() => expect(observer.getSnapshot().error).toMatchObject({ status: 503 }));
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(seen.every((n) => n === 0)).toBe(true);
    stop();
  });

  it('a retry option warns in development, once per endpoint, naming it and the manager to add', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client = createClient({ retry: 2, retryDelay: 0 });
    statuses = [503, 503];
    const get = endpoints().get;
    await expect(client.controller.fetch(get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    await expect(client.controller.fetch(get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(server.count('GET', '/todos/1')).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getTodo has a retry option.*RetryManager/));
  });

  it('retry: 0 or false says retries are off on purpose: no warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client = createClient({ retry: 0 });
    statuses = [503, 503];
    await expect(client.controller.fetch(endpoints().get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    await expect(client.controller.fetch(endpoints().get.extend({ retry: false }), { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('opt-in: timeout and queueOfflineMutations need their managers', () => {
  const sendTwice = async () => {
    const { get, patch } = endpoints();
    const slowGet = get.extend({ timeout: 5000 });
    const queuedPatch = patch.extend({ queueOfflineMutations: true });
    for (let i = 0; i < 2; i++) {
      await client.controller.fetch(slowGet, { id: 1 });
      await client.controller.fetch(queuedPatch, { id: 1 }, { title: 'two' });
    }
  };

  it('without them each option warns in development, once per endpoint, naming it and the manager to add', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client = createClient();
    await sendTwice();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getTodo has a timeout option.*TimeoutManager/));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/patchTodo has a queueOfflineMutations option.*OfflineManager/));
  });

  it('with them there is no warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client = createClient({ managers: [...getDefaultManagers(), new TimeoutManager(), new OfflineManager()] });
    await sendTwice();
    expect(server.count('PATCH', '/todos/1')).toBe(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('an offline hold is no TimeoutManager: the timeout still warns; with one, listed before or after it, it does not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { get } = endpoints();
    client = createClient({ managers: [...getDefaultManagers(), new OfflineManager()] });
    await client.controller.fetch(get.extend({ timeout: 5000 }), { id: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getTodo has a timeout option.*TimeoutManager/));
    for (const managers of [
      [...getDefaultManagers(), new OfflineManager(), new TimeoutManager()],
      [...getDefaultManagers(), new TimeoutManager(), new OfflineManager()],
    ]) {
      warn.mockClear();
      client.destroy();
      client = createClient({ managers });
      await client.controller.fetch(get.extend({ timeout: 5000 }), { id: 1 });
      expect(warn).not.toHaveBeenCalled();
    }
  });
});

describe('which failures retry (counted at the server)', () => {
  it('a read answered 503 is tried 4 times (3 retries), then fails with the 503', async () => {
    client = createClient({ retryDelay: 0, managers: withRetries() });
    statuses = [503, 503, 503, 503, 503];
    await expect(client.controller.fetch(endpoints().get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(server.count('GET', '/todos/1')).toBe(4);
  });

  it('a server-mode client never retries, even with a RetryManager listed', async () => {
    client = createClient({ ssr: true, retryDelay: 0, managers: [new NetworkManager(), new RetryManager()] });
    statuses = [503, 503];
    await expect(client.controller.fetch(endpoints().get, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('a read answered 404 is sent once', async () => {
    client = createClient({ retryDelay: 0, managers: withRetries() });
    statuses = [404];
    await expect(client.controller.fetch(endpoints().get, { id: 1 })).rejects.toMatchObject({ status: 404 });
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('a read that fails twice then answers resolves with the data', async () => {
    client = createClient({ retryDelay: 0, managers: withRetries() });
    statuses = [500, 502];
    await expect(client.controller.fetch(endpoints().get, { id: 1 })).resolves.toMatchObject({ title: 'one' });
    expect(server.count('GET', '/todos/1')).toBe(3);
  });

  it('a mutation does not retry unless its endpoint asks', async () => {
    client = createClient({ retryDelay: 0, managers: withRetries() });
    const { patch } = endpoints();
    statuses = [503];
    await expect(client.controller.fetch(patch, { id: 1 }, { title: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(server.count('PATCH', '/todos/1')).toBe(1);
    statuses = [503, 503];
    await expect(client.controller.fetch(patch.extend({ retry: 2 }), { id: 1 }, { title: 'y' })).resolves.toMatchObject({ title: 'y' });
    expect(server.count('PATCH', '/todos/1')).toBe(4);
  });

  it("a client's retry is for reads: a mutation answered 503 is still sent once", async () => {
    client = createClient({ retry: 2, retryDelay: 0, managers: withRetries() });
    const { patch } = endpoints();
    statuses = [503, 503];
    await expect(client.controller.fetch(patch, { id: 1 }, { title: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(server.count('PATCH', '/todos/1')).toBe(1);
  });

  it("retry and retryDelay: the endpoint's win over the client's; functions get the failures so far and the error", async () => {
    const seen: [number, number | undefined][] = [];
    client = createClient({ retry: 0, retryDelay: 0, managers: withRetries() });
    statuses = [503, 500, 503];
    const ep = endpoints().get.extend({
      retry: (failures: number, error: Error & { status?: number }) => {
        seen.push([failures, error.status]);
        return failures < 3;
      },
    });
    await expect(client.controller.fetch(ep, { id: 1 })).rejects.toMatchObject({ status: 503 });
    expect(seen).toEqual([
      [1, 503],
      [2, 500],
      [3, 503],
    ]);
    expect(server.count('GET', '/todos/1')).toBe(3);
  });

  it('bad input (a body that cannot be sent) is not retried', async () => {
    client = createClient({ retryDelay: 0, managers: withRetries() });
    const { patch } = endpoints();
    await expect(client.controller.fetch(patch.extend({ retry: 3 }), { id: 1 }, { n: 1n })).rejects.toThrow(/patchTodo/);
    expect(server.count('PATCH', '/todos/1')).toBe(0);
  });

  it('isRetryable: transport failures and 5xx, never 4xx, aborts, schema errors or bad input', () => {
    expect(isRetryable(new NetworkError(undefined, { status: 500, message: 'Network request failed' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), { status: 503 }))).toBe(true);
    expect(isRetryable(new TypeError('fetch failed'))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), { status: 404 }))).toBe(false);
    expect(isRetryable(new TypeError('getTodo: body cannot be sent as JSON'))).toBe(false);
    expect(isRetryable(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(false);
    expect(isRetryable(new SchemaError('Todo', 'id', 'is missing'))).toBe(false);
  });
});

describe('backoff (fake timers)', () => {
  /** A read failing with 503 every time, counting its calls. */
  function failing() {
    const calls = { n: 0 };
    const ep = new Endpoint(
      async () => {
        calls.n++;
        throw Object.assign(new Error('down'), { status: 503 });
      },
      { name: 'failing' },
    );
    return { ep, calls };
  }

  it('waits 1 s, 2 s, 4 s (upper bound of the jitter), then gives up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    client = createClient({ managers: withRetries() });
    const { ep, calls } = failing();
    const result = client.controller.fetch(ep).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.n).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.n).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.n).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.n).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.n).toBe(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls.n).toBe(4);
    expect(await result).toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.n).toBe(4);
  });

  it('a retryDelay past setTimeout\'s range (Infinity) waits as long as a timer can, not 1 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client = createClient({ retry: 1, managers: withRetries() });
    const { ep, calls } = failing();
    void client.controller.fetch(ep.extend({ retryDelay: Infinity })).catch(() => undefined);
    void client.controller.fetch(ep.extend({ name: 'other', retryDelay: () => 2 ** 32 })).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.n).toBe(2);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(calls.n).toBe(4);
  });

  it('jitter: the lower bound is half the step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    client = createClient({ retry: 1, managers: withRetries() });
    const { ep, calls } = failing();
    void client.controller.fetch(ep).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls.n).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.n).toBe(2);
  });

  it('a second reader joining a read that is waiting to retry shares it: its retryCount, then the data; one more request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client = createClient({ retryDelay: 1000, managers: withRetries() });
    const { get } = endpoints();
    statuses = [503];
    const first = client.observe(get, { id: 1 });
    first.subscribe(() => {});
    await waitFor(() => expect(first.getSnapshot().retryCount).toBe(1));
    const second = client.observe(get, { id: 1 });
    second.subscribe(() => {});
    const pending = fetchIfNeeded(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.getSnapshot()).toMatchObject({ retryCount: 1, loading: true, error: undefined });
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(second.getSnapshot().data).toMatchObject({ title: 'one' }));
    expect(first.getSnapshot()).toMatchObject({ retryCount: 0, data: { title: 'one' } });
    if (pending) await expect(pending).resolves.toMatchObject({ title: 'one' });
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('retryCount shows in the snapshot while retrying and is 0 once answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const ep = new Endpoint(
      async () => {
        if (++calls < 3) throw Object.assign(new Error('down'), { status: 503 });
        return { ok: true };
      },
      { name: 'flaky' },
    );
    client = createClient({ retryDelay: 1000, managers: withRetries() });
    const obs = client.observe(ep);
    const counts: number[] = [];
    obs.subscribe(() => counts.push(obs.getSnapshot().retryCount));
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot()).toMatchObject({ retryCount: 1, loading: true, error: undefined });
    const retrying = obs.getSnapshot();
    expect(obs.getSnapshot()).toBe(retrying); // same object until a field changes
    await vi.advanceTimersByTimeAsync(1000);
    expect(obs.getSnapshot().retryCount).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(obs.getSnapshot()).toMatchObject({ retryCount: 0, loading: false, data: { ok: true } });
    expect(counts.filter((c, i) => c !== counts[i - 1])).toEqual([1, 2, 0]);
  });

  it('an abort during the wait (the last reader leaves) sends nothing more and clears the timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { ep, calls } = failing();
    // Only the network: the one timer is the retry's.
    client = createClient({ retryDelay: 1000, managers: [new NetworkManager(), new RetryManager()] });
    const obs = client.observe(ep);
    const stop = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(obs.getSnapshot().retryCount).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    // The read is let go a microtask later (a reader coming straight back keeps it).
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.n).toBe(1);
  });

  it('client.destroy() during the wait rejects the read and leaves no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient({ retryDelay: 1000, managers: withRetries() });
    const { ep, calls } = failing();
    const result = client.controller.fetch(ep).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    client.destroy();
    expect(await result).toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.n).toBe(1);
  });

  it('identical reads share one request while it retries: every waiter gets the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const ep = new Endpoint(
      async () => {
        if (++calls < 2) throw Object.assign(new Error('down'), { status: 503 });
        return { ok: calls };
      },
      { name: 'shared' },
    );
    client = createClient({ retryDelay: 1000, managers: withRetries() });
    const first = client.controller.fetch(ep);
    const obs = client.observe(ep);
    obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const second = client.controller.fetch(ep);
    expect(obs.getSnapshot().retryCount).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toEqual({ ok: 2 });
    expect(await second).toEqual({ ok: 2 });
    expect(obs.getSnapshot().data).toEqual({ ok: 2 });
    expect(calls).toBe(2);
  });
});
