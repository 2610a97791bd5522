import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readAsync,
  fetchIfNeeded,
  AbortError,
  Entity,
  RestEndpoint,
  TimeoutError,
  createClient,
  getDefaultManagers,
  RetryManager,
  TimeoutManager,
  type Client,
  type ObserverSnapshot,
} from '../../src';
import type { ServerResponse } from 'node:http';
import { defer, json, startServer, type Hit } from '@resto/testing';

/** The default managers plus retries (opt-in). */
const withRetries = () => [...getDefaultManagers(), new RetryManager()];
/** And per-try timeouts (opt-in too). */
const withTimeouts = () => [...withRetries(), new TimeoutManager()];

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let client: Client;
/** Requests the "hang" route holds: it never answers unless a test releases it. */
let hanging: ReturnType<typeof defer<void>>[] = [];

async function hang(hit: Hit, res: ServerResponse) {
  const held = defer();
  hanging.push(held);
  const released = await Promise.race([held.promise.then(() => true), hit.closed.then(() => false)]);
  if (released) json(res, { id: 9, title: 'late' });
}

beforeEach(async () => {
  hanging = [];
  server = await startServer({
    'GET /todos/1': (_hit, res) => json(res, { id: 1, title: 'one' }),
    'GET /missing': (_hit, res) => json(res, { message: 'no such todo' }, 404),
    'GET /broken': (_hit, res) => json(res, { message: 'down' }, 503),
    'GET /hang': hang,
    'GET /hang2': hang,
  });
  client = createClient({ retryDelay: 0, managers: withRetries() });
});
afterEach(async () => {
  client.destroy();
  for (const h of hanging) h.resolve();
  await server.close();
  vi.useRealTimers();
});

const ep = (path: string, options: Record<string, unknown> = {}) =>
  new RestEndpoint({ urlPrefix: server.url, path, schema: Todo, name: `read ${path}`, ...options });

/** Waits for a condition by polling on real macrotasks (setImmediate), which fake timers leave alone. */
async function until(check: () => boolean) {
  for (let i = 0; !check(); i++) {
    if (i > 100_000) throw new Error('condition not met');
    await new Promise((r) => setImmediate(r));
  }
}

/** A settled snapshot: not loading, and it shows data or an error. */
function expectSettled(snap: ObserverSnapshot) {
  expect(snap.loading).toBe(false);
  expect(snap.data !== undefined || snap.error !== undefined).toBe(true);
}

describe('one settle, one consistent state', () => {
  it('after `await observer.promise()` the snapshot is final (not subscribed)', async () => {
    const obs = client.observe(ep('/todos/:id'), { id: 1 });
    await obs.promise();
    const snap = obs.getSnapshot();
    expectSettled(snap);
    expect(snap.data).toMatchObject({ title: 'one' });
  });

  it('after `await observer.promise()` the snapshot is final (subscribed)', async () => {
    const obs = client.observe(ep('/todos/:id'), { id: 1 });
    const stop = obs.subscribe(() => {});
    await obs.promise();
    expectSettled(obs.getSnapshot());
    stop();
  });

  it('after a failed read the snapshot shows the error, not loading', async () => {
    const obs = client.observe(ep('/missing'));
    await obs.promise();
    const snap = obs.getSnapshot();
    expectSettled(snap);
    expect(snap.error?.status).toBe(404);
    await expect(readAsync(client.observe(ep('/missing')))).rejects.toMatchObject({ status: 404 });
  });

  it('after `await readAsync()` (resolve or reject) the snapshot is final', async () => {
    const good = client.observe(ep('/todos/:id'), { id: 1 });
    await readAsync(good);
    expectSettled(good.getSnapshot());
    const bad = client.observe(ep('/missing'));
    await readAsync(bad).catch(() => {});
    expectSettled(bad.getSnapshot());
  });

  it('after `await controller.fetch()` a subscribed reader of the key is final', async () => {
    const endpoint = ep('/todos/:id');
    const obs = client.observe(endpoint, { id: 1 });
    const stop = obs.subscribe(() => {});
    await client.controller.fetch(endpoint, { id: 1 });
    expectSettled(obs.getSnapshot());
    stop();
  });

  it('after `await fetchIfNeeded()` the snapshot is final', async () => {
    const obs = client.observe(ep('/todos/:id'), { id: 1 });
    await fetchIfNeeded(obs);
    expectSettled(obs.getSnapshot());
  });

  it('a failed first fetch is told once, as an error that is no longer loading', async () => {
    const obs = client.observe(ep('/missing'));
    const seen: ObserverSnapshot[] = [];
    const stop = obs.subscribe(() => seen.push(obs.getSnapshot()));
    await obs.promise();
    // Let any late notification in: a settled read has nothing left to say.
    await new Promise((r) => setImmediate(r));
    expect(seen.filter((s) => s.error)).toHaveLength(1);
    expect(seen.some((s) => s.error && s.loading)).toBe(false);
    expect(seen.at(-1)).toMatchObject({ loading: false, error: { status: 404 } });
    stop();
  });

  it('a retried failure settles once, after its last try, with the snapshot final', async () => {
    const obs = client.observe(ep('/broken', { retry: 2 }));
    const seen: ObserverSnapshot[] = [];
    const stop = obs.subscribe(() => seen.push(obs.getSnapshot()));
    await obs.promise();
    expectSettled(obs.getSnapshot());
    expect(server.count('GET', '/broken')).toBe(3);
    expect(seen.filter((s) => !s.loading)).toHaveLength(1);
    stop();
  });
});

describe("a user's abort is final", () => {
  it('the endpoint signal aborting ends the read at once with an AbortError, no retry', async () => {
    const user = new AbortController();
    const obs = client.observe(ep('/hang', { signal: user.signal }));
    const stop = obs.subscribe(() => {});
    await until(() => server.count('GET', '/hang') === 1);
    user.abort();
    await obs.promise();
    const snap = obs.getSnapshot();
    expectSettled(snap);
    expect(snap.error).toBeInstanceOf(AbortError);
    expect(snap.error).toMatchObject({ name: 'AbortError', status: 499, endpoint: 'read /hang' });
    expect(snap.error!.message).toContain('read /hang');
    // Not retried: one request, and nothing is waiting to send another.
    expect(client.controller.environment).toBeDefined();
    expect(server.count('GET', '/hang')).toBe(1);
    stop();
  });

  it("AbortSignal.timeout on the endpoint is the user's timeout: final, never retried", async () => {
    // What AbortSignal.timeout does when it fires (a TimeoutError DOMException), fired once the request is out.
    const user = new AbortController();
    const obs = client.observe(ep('/hang', { signal: user.signal, retry: 3 }));
    const seen: ObserverSnapshot[] = [];
    const stop = obs.subscribe(() => seen.push(obs.getSnapshot()));
    await until(() => server.count('GET', '/hang') === 1);
    user.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    await obs.promise();
    expect(obs.getSnapshot().error).toMatchObject({ name: 'AbortError', status: 499 });
    // Never retried: no "retrying" state was shown, and no second request was sent.
    expect(seen.some((s) => s.retryCount > 0)).toBe(false);
    expect(server.count('GET', '/hang')).toBe(1);
    stop();
  });

  it('an abort keeps stored data (soft, like other network failures)', async () => {
    const endpoint = ep('/todos/:id');
    await client.controller.fetch(endpoint, { id: 1 });
    const user = new AbortController();
    user.abort();
    const aborting = endpoint.extend({ signal: user.signal });
    await expect(client.controller.fetch(aborting, { id: 1 })).rejects.toBeInstanceOf(AbortError);
    const obs = client.observe(aborting, { id: 1 });
    expect(obs.getSnapshot()).toMatchObject({ data: { title: 'one' }, error: undefined });
  });

  it("an abort Resto makes (the last reader left) stays silent", async () => {
    const obs = client.observe(ep('/hang'));
    const seen: ObserverSnapshot[] = [];
    const stop = obs.subscribe(() => seen.push(obs.getSnapshot()));
    await until(() => server.count('GET', '/hang') === 1);
    stop();
    await until(() => hanging.length === 1);
    await new Promise((r) => setImmediate(r));
    expect(seen.some((s) => s.error)).toBe(false);
    expect(client.getSnapshot().meta[obs.key!]?.error).toBeUndefined();
  });
});

describe('timeout', () => {
  beforeEach(() => {
    client.destroy();
    client = createClient({ retryDelay: 0, managers: withTimeouts() });
  });

  it('is off by default: a slow answer is waited for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const read = client.controller.fetch(ep('/hang', { retry: 0 }));
    await until(() => hanging.length === 1);
    await vi.advanceTimersByTimeAsync(60_000);
    hanging[0]!.resolve();
    await expect(read).resolves.toMatchObject({ title: 'late' });
  });

  it('per endpoint: aborts the request and rejects with a TimeoutError naming endpoint and URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const read = client.controller.fetch(ep('/hang', { timeout: 1000, retry: 0 }));
    const caught = read.catch((e: unknown) => e);
    await until(() => hanging.length === 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(await Promise.race([caught, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = (await caught) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', status: 408, endpoint: 'read /hang', url: `${server.url}/hang`, timeout: 1000 });
    expect(error.message).toContain('read /hang');
    expect(error.message).toContain(`${server.url}/hang`);
    // The request itself was aborted: the server saw the client go away.
    await server.hits[0]!.closed;
  });

  it('per client, and the endpoint wins over the client', async () => {
    client.destroy();
    client = createClient({ timeout: 50, retry: 0, managers: withTimeouts() });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const byClient = client.controller.fetch(ep('/hang')).catch((e: unknown) => e);
    const byEndpoint = client.controller.fetch(ep('/hang2', { timeout: 5000, name: 'slow one' })).catch((e: unknown) => e);
    await until(() => hanging.length === 2);
    await vi.advanceTimersByTimeAsync(50);
    expect(await byClient).toMatchObject({ name: 'TimeoutError', timeout: 50 });
    expect(await Promise.race([byEndpoint, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(4950);
    expect(await byEndpoint).toMatchObject({ name: 'TimeoutError', timeout: 5000, endpoint: 'slow one' });
  });

  it('Infinity (or past setTimeout\'s 2^31-1 ms) means no limit, also over a client timeout', async () => {
    client.destroy();
    client = createClient({ timeout: 50, retry: 0, managers: withTimeouts() });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const forever = client.controller.fetch(ep('/hang', { timeout: Infinity }));
    const huge = client.controller.fetch(ep('/hang2', { timeout: 2 ** 31 }));
    const outcomes = [forever, huge].map((p) => p.then(() => 'resolved', (e: Error) => `rejected: ${e.name}`));
    await until(() => hanging.length === 2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await Promise.race([...outcomes, Promise.resolve('pending')])).toBe('pending');
    for (const held of hanging) held.resolve();
    expect(await Promise.all(outcomes)).toEqual(['resolved', 'resolved']);
  });

  it('is retried like a transport failure, each try with its own timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const obs = client.observe(ep('/hang', { timeout: 100, retry: 2, retryDelay: 10 }));
    const stop = obs.subscribe(() => {});
    const settled = obs.promise();
    for (let tries = 1; tries <= 3; tries++) {
      await until(() => hanging.length === tries);
      await vi.advanceTimersByTimeAsync(110);
    }
    await settled;
    expect(server.count('GET', '/hang')).toBe(3);
    const snap = obs.getSnapshot();
    expectSettled(snap);
    expect(snap.error).toBeInstanceOf(TimeoutError);
    stop();
  });

  it('a timed-out read keeps stored data', async () => {
    const endpoint = ep('/todos/:id');
    await client.controller.fetch(endpoint, { id: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = new RestEndpoint({ urlPrefix: server.url, path: '/hang', schema: Todo, timeout: 10, retry: 0, key: () => endpoint.key({ id: 1 }) });
    const caught = client.controller.fetch(slow).catch((e: unknown) => e);
    await until(() => hanging.length === 1);
    await vi.advanceTimersByTimeAsync(10);
    expect(await caught).toBeInstanceOf(TimeoutError);
    expect(client.observe(endpoint, { id: 1 }).getSnapshot()).toMatchObject({ data: { title: 'one' }, error: undefined });
  });
});
