import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Endpoint,
  Entity,
  ExpiryStatus,
  LogoutManager,
  RestEndpoint,
  SubscriptionManager,
  WindowEventsManager,
  createClient,
  expiryTimer,
  getDefaultManagers,
  type Client,
} from '../../src';
import { defer, json, passTime, spyOnFetch, startServer, until, useFakeClock, waitFor } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
const todos = new Map<number, { id: number; title: string; completed: boolean }>();

beforeEach(async () => {
  todos.clear();
  for (const id of [1, 2, 3]) todos.set(id, { id, title: `todo ${id}`, completed: false });
  server = await startServer({
    'GET /todos': (_hit, res) => json(res, [...todos.values()]),
    'GET /todos/1': (_hit, res) => json(res, todos.get(1)),
    'GET /todos/2': (_hit, res) => json(res, todos.get(2)),
    'PATCH /todos/1': (hit, res) => {
      const next = { ...todos.get(1)!, ...JSON.parse(hit.body) };
      todos.set(1, next);
      json(res, next);
    },
  });
  client = createClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
  vi.useRealTimers();
});

const getTodo = () => new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
const listTodos = () => new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] });

describe('Controller.fetch', () => {
  it('resolves with denormalized entity instances and stores them', async () => {
    const todo = await client.controller.fetch(getTodo(), { id: 1 });
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toMatchObject({ id: 1, title: 'todo 1' });
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'todo 1' });
  });

  it('shares one request among concurrent identical reads', async () => {
    const ep = getTodo();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.controller.fetch(ep, { id: 1 })));
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('never lets an earlier-started response overwrite a later one', async () => {
    const first = defer();
    let n = 0;
    server.routes['GET /todos/1'] = async (_hit, res) => {
      const call = ++n;
      if (call === 1) {
        await first.promise;
        json(res, { id: 1, title: 'old', completed: false });
      } else json(res, { id: 1, title: 'new', completed: false });
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    const ep = getTodo();
    const older = client.controller.fetch(ep, { id: 1 });
    await until(() => n === 1);
    vi.setSystemTime(Date.now() + 2); // the second request starts later by the clock
    // A mutation-style forced refetch: a second request for the same key, started later.
    const newer = client.controller.fetch(ep.extend({ sideEffect: true }), { id: 1 });
    await newer;
    first.resolve();
    await older;
    const { data } = client.controller.getResponse(ep, { id: 1 }, client.getSnapshot());
    expect(data?.title).toBe('new');
  });

  it('a side-effect fetch updates the entity everywhere it is shown', async () => {
    const list = listTodos();
    await client.controller.fetch(list);
    const before = client.controller.getResponse(list, client.getSnapshot()).data!;
    const patch = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', method: 'PATCH', schema: Todo });
    await client.controller.fetch(patch, { id: 1 }, { title: 'renamed' });
    const after = client.controller.getResponse(list, client.getSnapshot()).data!;
    expect(after[0]!.title).toBe('renamed');
    expect(after[1]).toBe(before[1]);
    expect(server.count('GET', '/todos')).toBe(1);
  });
});

describe('a client whose managers include no NetworkManager', () => {
  it('fetch rejects at once with an error naming the endpoint, and a read shows it instead of loading forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const get = new Endpoint(async () => ({ v: 1 }), { name: 'Config.get', key: () => 'config' });
    const c = createClient({ managers: [new SubscriptionManager()] });
    try {
      let outcome: unknown = 'pending';
      c.controller.fetch(get).then(
        () => (outcome = 'resolved'),
        (e: Error) => (outcome = e),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toMatch(/Config\.get.*NetworkManager/);
      const fetches = vi.spyOn(c.controller, 'request');
      const obs = c.observe(get);
      const stop = obs.subscribe(() => {});
      await vi.advanceTimersByTimeAsync(5000);
      expect(obs.getSnapshot()).toMatchObject({ loading: false, error: expect.objectContaining({ message: expect.stringContaining('NetworkManager') }) });
      expect(fetches.mock.calls.length).toBeLessThanOrEqual(6); // no fetch loop
      stop();
    } finally {
      c.destroy();
      vi.useRealTimers();
    }
  });
});

describe('bad arguments', () => {
  it('every controller method returning a promise rejects (not throws) with the error naming the endpoint and param, as fetch does', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', name: 'Todo.get', schema: Todo });
    const calls = {
      fetch: () => client.controller.fetch(get, {} as never),
      invalidate: () => client.controller.invalidate(get, {} as never),
      setResponse: () => client.controller.setResponse(get, {} as never, { id: 1 }),
      setError: () => client.controller.setError(get, {} as never, new Error('x')),
      subscribe: () => client.controller.subscribe(get, {} as never),
      unsubscribe: () => client.controller.unsubscribe(get, {} as never),
    };
    for (const [name, call] of Object.entries(calls)) {
      let promise: Promise<unknown> | undefined;
      expect(() => (promise = call()), name).not.toThrow();
      await expect(promise, name).rejects.toThrow(/Todo\.get: path parameter "id" .* is missing/);
    }
  });
});

describe('bad responses', () => {
  it('an HTML error page on a schema endpoint becomes a clear error; stored data survives', async () => {
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    const list = listTodos();
    await client.controller.fetch(list);
    server.routes['GET /todos/2'] = (_h, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    };
    await expect(client.controller.fetch(ep, { id: 2 })).rejects.toMatchObject({ status: expect.any(Number) });
    const state = client.getSnapshot();
    expect(client.controller.getResponse(ep, { id: 1 }, state).data?.title).toBe('todo 1');
    expect(client.controller.getResponse(list, state).data).toHaveLength(3);
  });

  it('a response of the wrong shape is an error naming the endpoint; nothing stored is lost', async () => {
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    server.routes['GET /todos/2'] = (_h, res) => json(res, [{ id: 2 }]);
    const err = await client.controller.fetch(ep, { id: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err.message)).toMatch(/Todo/);
    expect(err.status).toBe(400);
    expect(client.controller.getError(ep, { id: 2 }, client.getSnapshot())).toBe(err);
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'todo 1' });
  });
});

describe('expiry', () => {
  it('data is valid until dataExpiryLength, then stale: shown as such, and refetched when the page is visible again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Revalidating when the page is visible again is the WindowEventsManager's (opt-in).
    client.destroy();
    client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()], expiryTimer });
    const ep = getTodo().extend({ dataExpiryLength: 1000 });
    const obs = client.observe(ep, { id: 1 });
    const unsub = obs.subscribe(() => {});
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('todo 1'));
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(obs.getSnapshot().stale).toBe(false);
    todos.set(1, { id: 1, title: 'fresh', completed: false });
    await vi.advanceTimersByTimeAsync(1001);
    // Expiry alone starts no request.
    expect(obs.getSnapshot()).toMatchObject({ stale: true, loading: false, data: { title: 'todo 1' } });
    expect(server.count('GET', '/todos/1')).toBe(1);
    client.focus!.set(false);
    client.focus!.set(true);
    await waitFor(() => expect(obs.getSnapshot().data?.title).toBe('fresh'));
    expect(server.count('GET', '/todos/1')).toBe(2);
    unsub();
  });

  it('fetchIfStale only fetches missing or stale data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ep = getTodo().extend({ dataExpiryLength: 1000 });
    await client.controller.fetchIfStale(ep, { id: 1 });
    await client.controller.fetchIfStale(ep, { id: 1 });
    expect(server.count('GET', '/todos/1')).toBe(1);
    vi.setSystemTime(Date.now() + 1500);
    await client.controller.fetchIfStale(ep, { id: 1 });
    expect(server.count('GET', '/todos/1')).toBe(2);
  });

  it('invalidIfStale makes stale data unusable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ep = getTodo().extend({ dataExpiryLength: 1000, invalidIfStale: true });
    await client.controller.fetch(ep, { id: 1 });
    const obs = client.observeWith({ fetch: false }, ep, [{ id: 1 }]);
    expect(obs.getSnapshot().data?.title).toBe('todo 1');
    expect(obs.getSnapshot().expiryStatus).toBe(ExpiryStatus.InvalidIfStale);
    vi.setSystemTime(Date.now() + 1500);
    await client.controller.setResponse(listTodos(), []);
    expect(obs.getSnapshot().data).toBeUndefined();
  });

  it('a soft error keeps showing stale data; a hard error surfaces', async () => {
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    server.routes['GET /todos/1'] = (_h, res) => json(res, { message: 'down' }, 503);
    await expect(client.controller.fetch(ep.extend({ sideEffect: true }), { id: 1 })).rejects.toMatchObject({ status: 503 });
    let state = client.getSnapshot();
    expect(client.controller.getError(ep, { id: 1 }, state)).toBeUndefined();
    expect(client.controller.getResponse(ep, { id: 1 }, state).data?.title).toBe('todo 1');

    server.routes['GET /todos/1'] = (_h, res) => json(res, { message: 'gone' }, 404);
    await expect(client.controller.fetch(ep, { id: 1 })).rejects.toMatchObject({ status: 404 });
    state = client.getSnapshot();
    expect(client.controller.getError(ep, { id: 1 }, state)?.status).toBe(404);
  });

  it('errorExpiryLength: a recent error is not refetched on mount; an expired one is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    server.routes['GET /todos/1'] = (_h, res) => json(res, { message: 'gone' }, 404);
    const ep = getTodo().extend({ errorExpiryLength: 5000 });
    await client.controller.fetch(ep, { id: 1 }).catch(() => {});
    const first = client.observe(ep, { id: 1 });
    const u1 = first.subscribe(() => {});
    expect(first.getSnapshot().error?.status).toBe(404);
    expect(server.count('GET', '/todos/1')).toBe(1);
    u1();
    vi.setSystemTime(Date.now() + 6000);
    const second = client.observe(ep, { id: 1 });
    const u2 = second.subscribe(() => {});
    await until(() => server.count('GET', '/todos/1') === 2);
    u2();
  });
});

describe('invalidate after an error', () => {
  it('drops the stored error so the next mount refetches at once', async () => {
    server.routes['GET /todos/1'] = (_h, res) => json(res, { message: 'gone' }, 404);
    const ep = getTodo().extend({ errorExpiryLength: 60_000 });
    await client.controller.fetch(ep, { id: 1 }).catch(() => {});
    expect(client.controller.getError(ep, { id: 1 }, client.getSnapshot())?.status).toBe(404);
    await client.controller.invalidate(ep, { id: 1 });
    expect(client.controller.getError(ep, { id: 1 }, client.getSnapshot())).toBeUndefined();
    server.routes['GET /todos/1'] = (_h, res) => json(res, todos.get(1));
    const obs = client.observe(ep, { id: 1 });
    const u = obs.subscribe(() => {});
    await until(() => obs.getSnapshot().data !== undefined);
    expect(server.count('GET', '/todos/1')).toBe(2);
    u();
  });
});

describe('observers', () => {
  it('abort the read when the last subscriber leaves, not while another waits', async () => {
    const hold = defer();
    server.routes['GET /todos/1'] = async (_h, res) => {
      await hold.promise;
      json(res, todos.get(1));
    };
    const fetches = spyOnFetch();
    useFakeClock();
    const ep = getTodo();
    const a = client.observe(ep, { id: 1 });
    const b = client.observe(ep, { id: 1 });
    const ua = a.subscribe(() => {});
    const ub = b.subscribe(() => {});
    await until(() => server.hits.length === 1);
    const signal = () => (fetches.mock.calls[0]![1] as RequestInit).signal!;
    ua();
    // Time passes (a fake second) and the request is still wanted: not aborted.
    await passTime(1000);
    expect(signal().aborted).toBe(false);
    ub();
    await passTime(1000);
    expect(signal().aborted).toBe(true);
    await server.hits[0]!.closed; // the browser-side abort closes the connection
    hold.resolve();
    await passTime(1000);
    expect(client.getSnapshot().endpoints).toEqual({});
  });

  it('a read someone awaits through controller.fetch is not aborted', async () => {
    const hold = defer();
    server.routes['GET /todos/1'] = async (_h, res) => {
      await hold.promise;
      json(res, todos.get(1));
    };
    const ep = getTodo();
    const obs = client.observe(ep, { id: 1 });
    const u = obs.subscribe(() => {});
    await until(() => server.hits.length === 1);
    const awaited = client.controller.fetch(ep, { id: 1 });
    u();
    hold.resolve();
    expect(await awaited).toMatchObject({ title: 'todo 1' });
  });

  it('snapshots keep identity across unrelated updates', async () => {
    const list = listTodos();
    const ep = getTodo();
    await client.controller.fetch(list);
    const obs = client.observe(list);
    const one = client.observe(ep, { id: 2 });
    const listener = vi.fn();
    const u = obs.subscribe(listener);
    const u2 = one.subscribe(() => {});
    const s1 = obs.getSnapshot();
    const todo2 = one.getSnapshot().data;
    // An unrelated key changes.
    await client.controller.setResponse(new RestEndpoint({ path: '/other' }), { x: 1 });
    await Promise.resolve();
    expect(obs.getSnapshot()).toBe(s1);
    // Only todo 1 changes: the list is new, todo 2 keeps identity.
    await client.controller.setResponse(ep, { id: 1 }, { id: 1, title: 'edited', completed: false });
    await Promise.resolve();
    const s2 = obs.getSnapshot();
    expect(s2).not.toBe(s1);
    expect(s2.data![1]).toBe(s1.data![1]);
    expect(todo2).toBe(s1.data![1]);
    expect(one.getSnapshot().data).toBe(todo2);
    // Storing identical data keeps identity.
    await client.controller.setResponse(ep, { id: 1 }, { id: 1, title: 'edited', completed: false });
    await Promise.resolve();
    expect(obs.getSnapshot()).toBe(s2);
    u();
    u2();
  });

  it('null args do not fetch', async () => {
    const fetches = spyOnFetch();
    useFakeClock();
    const obs = client.observe(getTodo(), null);
    const u = obs.subscribe(() => {});
    await passTime(1000);
    expect(fetches).not.toHaveBeenCalled();
    expect(server.hits).toHaveLength(0);
    expect(obs.getSnapshot()).toMatchObject({ data: undefined, loading: false });
    u();
  });

  it('promise() settles when data is usable and is stable while the fetch runs', async () => {
    const obs = client.observe(getTodo(), { id: 1 });
    const p = obs.promise();
    expect(obs.promise()).toBe(p);
    await p;
    expect(obs.getSnapshot().data?.title).toBe('todo 1');
    expect(obs.promise()).toBe(obs.promise());
  });

  it('invalidate makes subscribed readers refetch', async () => {
    const ep = getTodo();
    const obs = client.observe(ep, { id: 1 });
    const u = obs.subscribe(() => {});
    await until(() => obs.getSnapshot().data !== undefined);
    await client.controller.invalidate(ep, { id: 1 });
    await until(() => server.count('GET', '/todos/1') === 2);
    await until(() => obs.getSnapshot().data !== undefined);
    u();
  });
});

describe('optimistic updates', () => {
  const toggle = () =>
    new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      method: 'PATCH',
      schema: Todo,
      getOptimisticResponse(snap: any, params: { id: number }, body: Partial<Todo>) {
        const stored = snap.get(Todo, params);
        if (!stored) throw snap.abort;
        return { ...stored, ...body };
      },
    });

  it('shows at once and is replaced by the real response', async () => {
    const hold = defer();
    server.routes['PATCH /todos/1'] = async (hit, res) => {
      await hold.promise;
      json(res, { ...todos.get(1), ...JSON.parse(hit.body), title: 'from server' });
    };
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    const done = client.controller.fetch(toggle(), { id: 1 }, { completed: true });
    await Promise.resolve();
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.completed).toBe(true);
    hold.resolve();
    await done;
    const data = client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data!;
    expect(data).toMatchObject({ completed: true, title: 'from server' });
    expect(client.getSnapshot().optimistic).toHaveLength(0);
  });

  it('rolls back on failure', async () => {
    server.routes['PATCH /todos/1'] = (_h, res) => json(res, { message: 'nope' }, 400);
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    const done = client.controller.fetch(toggle(), { id: 1 }, { completed: true });
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.completed).toBe(true);
    await expect(done).rejects.toMatchObject({ status: 400 });
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.completed).toBe(false);
  });

  it('two overlapping updates of one entity end in the later one, with no flicker back', async () => {
    const holds = [defer(), defer()];
    server.routes['PATCH /todos/1'] = async (hit, res) => {
      // Requests may reach the server in either order: hold each by its body.
      const i = 'completed' in JSON.parse(hit.body) ? 0 : 1;
      await holds[i]!.promise;
      const next = { ...todos.get(1)!, ...JSON.parse(hit.body) };
      todos.set(1, next);
      json(res, next);
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    const read = () => client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data!;
    const first = client.controller.fetch(toggle(), { id: 1 }, { completed: true });
    vi.setSystemTime(Date.now() + 2); // the second update starts later by the clock
    const second = client.controller.fetch(toggle(), { id: 1 }, { title: 'both' });
    expect(read()).toMatchObject({ completed: true, title: 'both' });
    holds[0]!.resolve();
    await first;
    expect(read()).toMatchObject({ completed: true, title: 'both' });
    holds[1]!.resolve();
    await second;
    expect(read()).toMatchObject({ completed: true, title: 'both' });
  });

  it('throwing snapshot.abort cancels the optimistic update', async () => {
    const hold = defer();
    server.routes['PATCH /todos/1'] = async (hit, res) => {
      await hold.promise;
      json(res, { ...todos.get(1), ...JSON.parse(hit.body) });
    };
    // Nothing stored: getOptimisticResponse aborts, nothing is shown early.
    const done = client.controller.fetch(toggle(), { id: 1 }, { completed: true });
    // Not even a placeholder entity: the update was cancelled, not stored under a temporary key.
    expect(client.getSnapshot().entities.Todo).toBeUndefined();
    expect(client.getSnapshot().optimistic).toHaveLength(1);
    hold.resolve();
    await done;
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ completed: true });
  });
});

describe('update option and reset', () => {
  /** The stored list of todos, and a create (answered with id 9) whose `update` is `update(list)`. */
  async function listAndCreate(update: (list: RestEndpoint<any>) => (...args: any[]) => Record<string, (prev: any) => unknown>) {
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] });
    await client.controller.fetch(list);
    server.routes['POST /todos'] = (hit, res) => json(res, { id: 9, ...JSON.parse(hit.body) }, 201);
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'POST', schema: Todo, update: update(list) });
    return { list, create };
  }

  it('update lets a response change other stored results', async () => {
    const { list, create } = await listAndCreate((list) => (newId: string) => ({ [list.key()]: (ids: string[] = []) => [...ids, newId] }));
    await client.controller.fetch(create, { title: 'nine', completed: false });
    const data = client.controller.getResponse(list, client.getSnapshot()).data!;
    expect(data.map((t: Todo) => t.id)).toEqual([1, 2, 3, 9]);
  });

  it('an update that throws is logged; the fetch still resolves, its response is stored and the other results stay', async () => {
    const { list, create } = await listAndCreate(() => () => {
      throw new Error('bug in update');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(client.controller.fetch(create, { title: 'nine', completed: false })).resolves.toMatchObject({ id: 9, title: 'nine' });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]![0])).toMatch(/update/);
      expect(logged.mock.calls[0]![1]).toMatchObject({ message: 'bug in update' });
    } finally {
      logged.mockRestore();
    }
    expect(client.getSnapshot().entities.Todo?.['9']).toMatchObject({ title: 'nine' });
    const data = client.controller.getResponse(list, client.getSnapshot()).data!;
    expect(data.map((t: Todo) => t.id)).toEqual([1, 2, 3]);
  });

  it('resetEntireStore empties the store and drops responses that arrive later', async () => {
    const hold = defer();
    server.routes['GET /todos/2'] = async (_h, res) => {
      await hold.promise;
      json(res, todos.get(2));
    };
    useFakeClock();
    const ep = getTodo();
    await client.controller.fetch(ep, { id: 1 });
    const late = client.controller.fetch(ep, { id: 2 });
    await until(() => server.count('GET', '/todos/2') === 1);
    await client.controller.resetEntireStore();
    expect(client.getSnapshot().entities).toEqual({});
    hold.resolve();
    await expect(late).rejects.toThrow(/reset/);
    await server.hits.find((h) => h.url === '/todos/2')!.closed;
    await passTime(1000);
    expect(client.getSnapshot().entities).toEqual({});
  });
});

describe('logout', () => {
  it('a burst of 401s runs the logout handler once', async () => {
    const handled = vi.fn((ctrl: any) => ctrl.resetEntireStore());
    client = createClient({ managers: [new LogoutManager({ handleLogout: handled }), ...getDefaultManagers()] });
    for (const route of Object.keys(server.routes)) delete server.routes[route];
    server.routes['GET *'] = (_h, res) => json(res, { message: 'expired' }, 401);
    const eps = [1, 2, 3].map((id) => client.controller.fetch(getTodo(), { id }).catch((e) => e));
    const errors = await Promise.all(eps);
    // The first 401 logs out; reads still in flight are dropped by the reset or answer 401 too.
    expect(errors.filter((e) => e.status === 401).length).toBeGreaterThanOrEqual(1);
    for (const e of errors) expect(e.status === 401 || e.name === 'AbortError').toBe(true);
    expect(handled).toHaveBeenCalledTimes(1);
    expect(client.getSnapshot().meta).toEqual({});
  });

  /** An endpoint whose session expired: it answers 401 after `ms`. */
  const expired = (ms: number, counter: { n: number }) =>
    new Endpoint(
      () => {
        counter.n++;
        return new Promise((_r, reject) => setTimeout(() => reject(Object.assign(new Error('expired'), { status: 401 })), ms));
      },
      { name: 'me' },
    );

  it('an async handler (POST /logout, then reset) with a read still mounted logs out once: the refetch answering 401 does not start another', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    client.destroy();
    const requests = { n: 0 };
    const logouts = vi.fn();
    client = createClient({
      managers: [
        new LogoutManager({
          handleLogout: async (ctrl) => {
            logouts();
            await new Promise((r) => setTimeout(r, 5)); // e.g. await POST /logout
            await ctrl.resetEntireStore();
          },
        }),
        ...getDefaultManagers(),
      ],
    });
    const stop = client.observe(expired(20, requests)).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10_000);
    stop();
    // The first read, and the refetch after the reset; then it stops.
    expect({ requests: requests.n, logouts: logouts.mock.calls.length }).toEqual({ requests: 2, logouts: 1 });
    // A 401 to a request started after the logout finished logs out again.
    const again = client.controller.fetch(expired(1, requests)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(await again).toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(10);
    expect(logouts).toHaveBeenCalledTimes(2);
  });

  it('the 401 rejects without waiting for the handler; a failing handler is reported, not left as an unhandled rejection', async () => {
    client.destroy();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const finish = defer<void>();
      const onError = vi.fn();
      client = createClient({
        managers: [
          new LogoutManager({
            handleLogout: async () => {
              await finish.promise;
              throw new Error('logout endpoint down');
            },
            onError,
          }),
          ...getDefaultManagers(),
        ],
      });
      const me = new Endpoint(async () => Promise.reject(Object.assign(new Error('expired'), { status: 401 })), { name: 'me' });
      let outcome = 'pending';
      client.controller.fetch(me).then(() => (outcome = 'resolved'), (e: Error) => (outcome = `rejected: ${e.message}`));
      await waitFor(() => expect(outcome).toBe('rejected: expired')); // while the handler still runs
      finish.resolve();
      await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'logout endpoint down' })));
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
