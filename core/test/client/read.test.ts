import { afterEach, describe, expect, it } from 'vitest';
import { json, startServer } from '@resto/testing';
import { readAsync, createClient, dehydrate, Entity, hydrate, NetworkManager, RestEndpoint, type Client } from '../../src';
import { createMockClient } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
const status = (code: number) => Object.assign(new Error(`status ${code}`), { status: code });

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

function setup(response: (args: { id: number }) => unknown = ({ id }) => ({ id, title: `t${id}` })) {
  let calls = 0;
  const mock = createMockClient([{ endpoint: getTodo, response: (args: { id: number }) => (calls++, response(args)) }]);
  client = mock;
  return { client: mock, calls: () => calls };
}

describe('EndpointObserver.read(): the one suspense rule', () => {
  it('is pending on one stable promise, then ready with the data', async () => {
    const { client, calls } = setup();
    const obs = client.observe(getTodo, { id: 1 });
    const first = obs.read();
    expect(first.status).toBe('pending');
    const again = obs.read();
    expect(again.status === 'pending' && first.status === 'pending' && again.promise === first.promise).toBe(true);
    await (first as { promise: Promise<void> }).promise;
    expect(obs.read()).toMatchObject({ status: 'ready', data: { id: 1, title: 't1' } });
    expect(calls()).toBe(1);
  });

  it('stays on one promise across a new request while it waits, and that promise settles with the data', async () => {
    const { client, calls } = setup();
    const obs = client.observe(getTodo, { id: 1 });
    const first = obs.promise();
    // Invalidated while it runs: the refetch is a request of its own, not the running one joined.
    void client.controller.invalidate(getTodo, { id: 1 });
    void obs.refetch();
    expect(obs.promise()).toBe(first);
    await first;
    expect(obs.read()).toMatchObject({ status: 'ready', data: { id: 1, title: 't1' } });
    expect(calls()).toBe(2);
  });

  it('a hard error wins over data that is still stored', async () => {
    const { client } = setup();
    await client.controller.fetch(getTodo, { id: 1 });
    await client.controller.setError(getTodo, { id: 1 }, status(404));
    const obs = client.observe(getTodo, { id: 1 });
    expect(obs.getSnapshot().data).toMatchObject({ title: 't1' });
    expect(obs.read()).toMatchObject({ status: 'error', error: { status: 404 } });
  });

  it('a soft error hides behind usable data, and shows when there is none', async () => {
    const { client } = setup();
    await client.controller.fetch(getTodo, { id: 1 });
    await client.controller.setError(getTodo, { id: 1 }, status(503));
    expect(client.observe(getTodo, { id: 1 }).read()).toMatchObject({ status: 'ready', data: { title: 't1' } });
    await client.controller.setError(getTodo, { id: 2 }, status(503));
    expect(client.observe(getTodo, { id: 2 }).read()).toMatchObject({ status: 'error', error: { status: 503 } });
  });

  it('null args are ready with undefined and fetch nothing', () => {
    const { client, calls } = setup();
    expect(client.observe(getTodo, null).read()).toEqual({ status: 'ready', data: undefined });
    expect(calls()).toBe(0);
  });
});

describe('readAsync(EndpointObserver)', () => {
  it('resolves with the data, rejects with the error', async () => {
    const { client } = setup(({ id }) => {
      if (id === 404) throw status(404);
      return { id, title: 'ok' };
    });
    await expect(readAsync(client.observe(getTodo, { id: 1 }))).resolves.toMatchObject({ title: 'ok' });
    await expect(readAsync(client.observe(getTodo, { id: 404 }))).rejects.toMatchObject({ status: 404 });
  });

  it('does not fetch in a loop when data is never usable', async () => {
    const never = getTodo.extend({ dataExpiryLength: 0, invalidIfStale: true });
    let calls = 0;
    const mock = createMockClient([{ endpoint: never, response: ({ id }: { id: number }) => (calls++, { id, title: 'gone' }) }]);
    client = mock;
    await expect(readAsync(mock.observe(never, { id: 1 }))).resolves.toBeUndefined();
    expect(calls).toBe(1);
  });
});

describe('read() has no side effect until the promise is asked for', () => {
  it('a pending read fetches only when its promise is taken', async () => {
    const { client, calls } = setup();
    const obs = client.observe(getTodo, { id: 1 });
    const r = obs.read();
    expect(r.status).toBe('pending');
    const network = client.managers.find((m): m is NetworkManager => m instanceof NetworkManager)!;
    expect(network.pending).toBe(0);
    const promise = (r as { promise: Promise<void> }).promise;
    expect(network.pending).toBe(1);
    await promise;
    expect(calls()).toBe(1);
  });
});

describe('a suspended read settles when usable data arrives from elsewhere', () => {
  it('a restored store ends the wait before its own request answers, and that answer still revalidates it', async () => {
    let answer!: () => void;
    const server = await startServer({
      'GET /todos/1': (_hit, res) => new Promise<void>((done) => (answer = () => (json(res, { id: 1, title: 'from the server' }), done()))),
    });
    const saved = createClient();
    try {
      const Get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
      // What a previous page load saved (older than the request below).
      await saved.controller.setResponse(Get, { id: 1 }, { id: 1, title: 'restored' });
      const snapshot = dehydrate(saved);
      client = createClient();
      const obs = client.observe(Get, { id: 1 });
      const r = obs.read();
      expect(r.status).toBe('pending');
      const settled = (r as { promise: Promise<void> }).promise.then(() => 'settled');
      await expect.poll(() => server.hits.length).toBe(1);
      void hydrate(client, snapshot);
      expect(await settled).toBe('settled');
      expect(obs.read()).toMatchObject({ status: 'ready', data: { title: 'restored' } });
      expect(client.listenerCount).toBe(0);
      answer();
      await expect.poll(() => client!.controller.getResponse(Get, { id: 1 }, client!.getSnapshot()).data?.title).toBe('from the server');
    } finally {
      saved.destroy();
      await server.close();
    }
  });

  it('a value pushed while the request runs ends the wait; the older answer does not overwrite it', async () => {
    let answer!: () => void;
    const server = await startServer({
      'GET /todos/1': (_hit, res) => new Promise<void>((done) => (answer = () => (json(res, { id: 1, title: 'old answer' }), done()))),
    });
    try {
      const Get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
      client = createClient();
      const obs = client.observe(Get, { id: 1 });
      const pending = obs.promise();
      await expect.poll(() => server.hits.length).toBe(1);
      expect(obs.promise()).toBe(pending);
      await client.controller.setResponse(Get, { id: 1 }, { id: 1, title: 'pushed' });
      await pending;
      expect(obs.read()).toMatchObject({ status: 'ready', data: { title: 'pushed' } });
      answer();
      // Its own request has ended (loading is the request in flight)...
      await expect.poll(() => obs.getSnapshot().loading).toBe(false);
      expect(obs.read()).toMatchObject({ status: 'ready', data: { title: 'pushed' } });
    } finally {
      await server.close();
    }
  });
});

describe('a reader that leaves and comes straight back (React StrictMode)', () => {
  it('keeps its request: one request, not aborted, and its answer lands even over restored data', async () => {
    let answer!: () => void;
    const server = await startServer({
      'GET /todos/1': (_hit, res) => new Promise<void>((done) => (answer = () => (json(res, { id: 1, title: 'from the server' }), done()))),
    });
    const saved = createClient();
    try {
      const Get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
      await saved.controller.setResponse(Get, { id: 1 }, { id: 1, title: 'restored' });
      client = createClient();
      const obs = client.observe(Get, { id: 1 });
      obs.subscribe(() => {})();
      const stop = obs.subscribe(() => {});
      // Saved data arrives at once (a restore): the request must still go out and revalidate it.
      void hydrate(client, dehydrate(saved));
      await expect.poll(() => obs.getSnapshot().data?.title).toBe('restored');
      await expect.poll(() => server.hits.length).toBe(1);
      answer();
      await expect.poll(() => obs.getSnapshot().data?.title).toBe('from the server');
      expect(server.hits).toHaveLength(1);
      stop();
    } finally {
      saved.destroy();
      await server.close();
    }
  });
});
