import { nextTask, recordFetches, startServer, waitFor } from '@resto/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  dehydrate,
  Entity,
  hydrate,
  NetworkError,
  parseState,
  RestEndpoint,
  serializeState,
  type Client,
} from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  createdAt = new Date(0);
  static override key = 'Todo';
  static override schema = { createdAt: (iso: string) => new Date(iso) };
  get shout() {
    return this.title.toUpperCase();
  }
}

// Text that would end a <script> or an HTML comment if embedded as is.
const nasty = 'milk </script><script>alert(1)</script> <!-- x --> \u2028\u2029';
const seed = [
  { id: 1, title: nasty, createdAt: '2026-01-02T03:04:05.000Z' },
  { id: 2, title: 'bread', createdAt: '2026-02-03T04:05:06.000Z' },
];

let server: Awaited<ReturnType<typeof startServer>>;
const clients: Client[] = [];
const make = (...a: Parameters<typeof createClient>) => {
  const c = createClient(...a);
  clients.push(c);
  return c;
};
beforeAll(async () => {
  server = await startServer({
    'GET /todos': (_h, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seed)),
    'GET /clock': (_h, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"2026-01-01T00:00:00.000Z"}'),
    'GET /todos/9': (_h, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"gone"}'),
  });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.destroy();
});

const endpoints = () => ({
  list: new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] }),
  one: new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo }),
  // No schema: the response is stored as the endpoint's process() leaves it.
  clock: new RestEndpoint({
    urlPrefix: server.url,
    path: '/clock',
    process: (r: { at: string }) => ({ at: new Date(r.at), until: Infinity, missing: undefined }),
  }),
});

describe('dehydrate -> serializeState -> parseState -> hydrate', () => {
  it('carries entities, dates, class instances and errors so the browser reads them without fetching', async () => {
    const { list, one, clock } = endpoints();
    const ssr = make({ ssr: true });
    await ssr.controller.fetch(list);
    await ssr.controller.fetch(clock);
    await expect(ssr.controller.fetch(one, { id: 9 })).rejects.toBeInstanceOf(NetworkError);
    const text = serializeState(dehydrate(ssr));

    // Safe inside <script>: nothing can close the tag or open a comment; no raw line separators.
    expect(text).not.toMatch(/<\/script|<!--|<script/i);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    // What the browser evaluates is valid JavaScript (a JSON array) as well as JSON.
    expect(() => JSON.parse(text)).not.toThrow();

    const fetched = recordFetches();
    // A controlled clock: the reads get their chance to fetch (mount, then 1 s) with no sleep.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const browser = make({ initialState: parseState(text) });
    const todos = browser.observe(list);
    const failed = browser.observe(one, { id: 9 });
    const clockRead = browser.observe(clock);
    todos.subscribe(() => {});
    failed.subscribe(() => {});
    clockRead.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    await nextTask();

    const data = todos.getSnapshot().data!;
    expect(data).toHaveLength(2);
    expect(data[0]).toBeInstanceOf(Todo);
    expect(data[0]!.title).toBe(nasty);
    expect(data[0]!.shout).toBe(nasty.toUpperCase());
    expect(data[0]!.createdAt).toBeInstanceOf(Date);
    expect(data[0]!.createdAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(todos.getSnapshot().loading).toBe(false);

    const error = failed.getSnapshot().error!;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(404);
    expect(error.message).toBe(`/todos/:id: ${server.url}/todos/9: Not Found`);

    const c = clockRead.getSnapshot().data as { at: Date; until: number; missing?: undefined };
    expect(c.at).toBeInstanceOf(Date);
    expect(c.at.getTime()).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
    expect(c.until).toBe(Infinity);
    expect('missing' in c).toBe(true);

    // The one 404 waited out its errorExpiryLength on the server; the rest are fresh: no request.
    expect(fetched().filter((url) => !url.endsWith('/todos/9'))).toEqual([]);
    // Entity timings keep Infinity where JSON would have written null.
    expect(browser.getSnapshot().entitiesMeta.Todo!['1']!.expiresAt).toBe(ssr.getSnapshot().entitiesMeta.Todo!['1']!.expiresAt);
  });

  it('a class instance stored by a schema-less endpoint travels as its fields', async () => {
    const ssr = make({ ssr: true });
    const { clock } = endpoints();
    ssr.controller.setResponse(clock, Todo.fromJS({ id: 3, title: 'x' }) as never);
    const back = parseState(serializeState(dehydrate(ssr)));
    const stored = back.endpoints[clock.key()] as Record<string, unknown>;
    expect(stored).toMatchObject({ id: 3, title: 'x' });
    expect(stored.createdAt).toBeInstanceOf(Date);
  });

  it('hydrate(client) merges into a running client; the newer result of a key wins', async () => {
    const { list } = endpoints();
    const ssr = make({ ssr: true });
    await ssr.controller.fetch(list);
    const snapshot = parseState(serializeState(dehydrate(ssr)));

    const browser = make();
    const seen: number[] = [];
    browser.subscribe(() => seen.push(1));
    void hydrate(browser, snapshot);
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(browser.controller.getResponse(list, browser.getSnapshot()).data?.map((t) => t.id)).toEqual([1, 2]);

    // A response newer than the snapshot is kept when an old snapshot arrives later.
    browser.controller.setResponse(list, [{ id: 5, title: 'newer', createdAt: '2026-03-01T00:00:00.000Z' }]);
    void hydrate(browser, snapshot);
    expect(browser.controller.getResponse(list, browser.getSnapshot()).data?.map((t) => t.id)).toEqual([5]);
  });

  it('hydrate(client) wakes a subscribed read that is waiting for the data it brings', async () => {
    const { list } = endpoints();
    const ssr = make({ ssr: true });
    await ssr.controller.fetch(list);
    const snapshot = parseState(serializeState(dehydrate(ssr)));

    // A cache-only read (no fetch of its own): only the snapshot can fill it.
    const browser = make();
    const todos = browser.observeWith({ fetch: false }, list, []);
    let wakes = 0;
    todos.subscribe(() => wakes++);
    expect(todos.getSnapshot().data).toBeUndefined();
    void hydrate(browser, snapshot);
    await waitFor(() => expect(wakes).toBeGreaterThan(0));
    expect(todos.getSnapshot().data?.map((t) => t.title)).toEqual([nasty, 'bread']);
  });

  it('dehydrate and hydrate keep every result of a store that grew by many writes', async () => {
    const { one } = endpoints();
    const browser = make();
    // Many small writes stack the store's tables in layers; none may be lost on the way.
    for (let id = 1; id <= 60; id++) await browser.controller.setResponse(one, { id }, { id, title: `t${id}`, createdAt: '2026-01-01T00:00:00.000Z' });
    const snapshot = dehydrate(browser);
    expect(Object.keys(snapshot.endpoints)).toHaveLength(60);
    expect(Object.keys(snapshot.entities.Todo!)).toHaveLength(60);

    const other = make();
    await other.controller.setResponse(one, { id: 100 }, { id: 100, title: 'mine', createdAt: '2026-01-01T00:00:00.000Z' });
    void hydrate(other, parseState(serializeState(snapshot)));
    const state = other.getSnapshot();
    for (const id of [1, 30, 60, 100]) expect(other.controller.getResponse(one, { id }, state).data?.id).toBe(id);
  });

  it('parseState refuses text serializeState did not write, saying so', () => {
    expect(() => parseState('<html>')).toThrow(/parseState: not text written by serializeState\(\)/);
    expect(() => parseState('[]')).toThrow(/parseState: not text written by serializeState\(\)/);
    expect(() => parseState('[{"a":1},2]')).toThrow(/no snapshot from dehydrate\(client\)/);
  });

  it('refuses what is not a snapshot, naming what it got', () => {
    expect(() => hydrate({ version: 2 } as never)).toThrow(/dehydrate\(client\).*version 2/);
    expect(() => createClient({ initialState: { version: 7 } as never })).toThrow(/version 7/);
    // an API payload handed over instead of dehydrate(client)'s snapshot (no version at all)
    expect(() => createClient({ initialState: { todos: [{ id: 1 }] } as never })).toThrow(/got version undefined/);
    expect(() => createClient({ initialState: {} as never })).toThrow(/got version undefined/);
  });
});
