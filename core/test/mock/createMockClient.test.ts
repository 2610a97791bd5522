import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, Entity, GCPolicy, NetworkManager, RestEndpoint, type Client } from '../../src';
import { createDataClientMock, createMockClient, mockInitialState } from '../../src/mock';
import { json, startServer } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
const stored = (client: Client, id: number) => client.controller.getResponse(getTodo, { id }, client.getSnapshot()).data;

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

describe('createMockClient options: what every adapter test helper needs', () => {
  it('initialFixtures are stored up front; fixtures only answer fetches unless prefill', async () => {
    const fixtures = [
      { endpoint: getTodo, args: [{ id: 1 }], response: { id: 1, title: 'fixture' } },
      { endpoint: getTodo, args: [{ id: 3 }], response: { id: 3, title: 'slow' }, delay: 5 },
    ];
    client = createMockClient(fixtures, { initialFixtures: [{ endpoint: getTodo, args: [{ id: 2 }], response: { id: 2, title: 'initial' } }] });
    expect(stored(client, 1)).toBeUndefined();
    expect(stored(client, 2)).toMatchObject({ title: 'initial' });
    await expect(client.controller.fetch(getTodo, { id: 1 })).resolves.toMatchObject({ title: 'fixture' });
    client.destroy();

    client = createMockClient(fixtures, { prefill: true });
    expect(stored(client, 1)).toMatchObject({ title: 'fixture' });
    // Delayed fixtures are about timing: they are never stored up front.
    expect(stored(client, 3)).toBeUndefined();
  });

  it('initialState wins over initialFixtures and prefill', () => {
    const initialState = mockInitialState([{ endpoint: getTodo, args: [{ id: 9 }], response: { id: 9, title: 'state' } }]);
    client = createMockClient([{ endpoint: getTodo, args: [{ id: 1 }], response: { id: 1, title: 'fixture' } }], {
      prefill: true,
      initialFixtures: [{ endpoint: getTodo, args: [{ id: 2 }], response: { id: 2, title: 'initial' } }],
      initialState,
    });
    expect(stored(client, 9)).toMatchObject({ title: 'state' });
    expect(stored(client, 1)).toBeUndefined();
    expect(stored(client, 2)).toBeUndefined();
  });

  it('unmatched calls fail with 404 by default; managers come after the mock one', async () => {
    const network = new NetworkManager();
    const mock = createMockClient([], { managers: [network] });
    client = mock;
    expect(mock.managers).toEqual([mock.mock, network]);
    expect(mock.managers.some((m) => m instanceof GCPolicy)).toBe(false);
    await expect(mock.controller.fetch(getTodo, { id: 5 })).rejects.toMatchObject({ status: 404 });
  });

  it('createDataClientMock (the data-client test helpers\' client): unmatched calls go to the network unless told; lead comes right after the mock', async () => {
    const server = await startServer({ 'GET /todos/5': (_hit, res) => json(res, { id: 5, title: 'from the network' }) });
    try {
      const live = getTodo.extend({ urlPrefix: server.url });
      const network = new NetworkManager();
      const lead = { middleware: () => (next: any) => next, cleanup() {} };
      const mock = createDataClientMock([], { managers: [network] }, lead);
      client = mock;
      expect(mock.managers).toEqual([mock.mock, lead, network]);
      await expect(mock.controller.fetch(live, { id: 5 })).resolves.toMatchObject({ title: 'from the network' });
      mock.destroy();
      const strict = createDataClientMock([], { unmatched: 'error' });
      client = strict;
      await expect(strict.controller.fetch(live, { id: 5 })).rejects.toMatchObject({ status: 404 });
      expect(server.count('GET', '/todos/5')).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('listenerCount is the leak check: each subscribed read holds one listener, shared by its readers', () => {
    client = createMockClient([], {
      initialFixtures: [
        { endpoint: getTodo, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
        { endpoint: getTodo, args: [{ id: 2 }], response: { id: 2, title: 'b' } },
      ],
    });
    const stops = [client.observe(getTodo, { id: 1 }).subscribe(() => {}), client.observe(getTodo, { id: 1 }).subscribe(() => {})];
    expect(client.listenerCount).toBe(1);
    stops.push(client.observe(getTodo, { id: 2 }).subscribe(() => {}));
    expect(client.listenerCount).toBe(2);
    for (const stop of stops) stop();
    expect(client.listenerCount).toBe(0);
  });

  it('a fetchResponse interceptor answers the request the endpoint builds (URL, headers) in place of the network', async () => {
    const authed = getTodo.extend({ getHeaders: (headers: HeadersInit) => ({ ...headers, 'Access-Token': 'secret' }) });
    const seen: string[] = [];
    client = createMockClient([
      {
        endpoint: getTodo,
        fetchResponse(url: string, init: RequestInit) {
          seen.push(`${init.method ?? 'GET'} ${url}`);
          const token = (init.headers as Record<string, string>)['Access-Token'];
          return { id: Number(url.split('/').pop()), title: token ? 'mine' : 'public' };
        },
        delay: 1,
      },
    ]);
    await expect(client.controller.fetch(getTodo, { id: 4 })).resolves.toMatchObject({ id: 4, title: 'public' });
    await expect(client.controller.fetch(authed, { id: 5 })).resolves.toMatchObject({ id: 5, title: 'mine' });
    expect(seen).toEqual(['GET http://api.test/todos/4', 'GET http://api.test/todos/5']);
    // stored like a network answer
    expect(stored(client, 5)).toBeInstanceOf(Todo);
  });
});


describe('mockInitialState', () => {
  it('an error fixture of an endpoint whose errorExpiryLength is NaN waits out the default 1 s, as a fetched error does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      let calls = 0;
      const ep = new Endpoint(async () => ({ v: ++calls }), { name: 'ep', key: () => 'ep', errorExpiryLength: Number(undefined) });
      const initialState = mockInitialState([{ endpoint: ep, args: [], response: new Error('down'), error: true }]);
      client = createClient({ managers: [new NetworkManager()], initialState });
      const obs = client.observe(ep);
      const stop = obs.subscribe(() => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(obs.getSnapshot().error?.message).toBe('down');
      expect(calls).toBe(0); // the stored error is recent: mounting does not ask again at once
      stop();
      vi.advanceTimersByTime(1000);
      const again = client.observe(ep).subscribe(() => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1); // past the default error expiry it does
      again();
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });
});
