// A user's callback that throws (update, errorPolicy, retry) fails the request it
// belongs to; it never leaves a fetch pending or a read loading forever. And a fetch
// after an invalidation is answered by a request of its own.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Endpoint, Entity, ExpiryStatus, FETCH, NetworkManager, RetryManager, createClient, type Client, type Manager } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

const make = () => (client = createClient({ managers: [new NetworkManager(), new RetryManager()] }));
const settledState = (p: Promise<unknown>) => {
  const box = { state: 'pending' as 'pending' | 'resolved' | 'rejected', value: undefined as unknown };
  p.then(
    (v) => Object.assign(box, { state: 'resolved', value: v }),
    (e) => Object.assign(box, { state: 'rejected', value: e }),
  );
  return box;
};
const flush = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

describe('a throwing user callback fails its request', () => {
  it('update: the mutation resolves and is stored (it happened on the server); the error is logged naming the endpoint; the list stays', async () => {
    const c = make();
    const list = new Endpoint(async () => [], { name: 'todos', schema: [Todo] });
    const create = new Endpoint(async (body: { title: string }) => ({ id: 1, ...body }), {
      name: 'createTodo',
      schema: Todo,
      sideEffect: true,
      // Written for another shape of the list: throws on this one.
      update: () => ({ [list.key()]: (prev: any) => prev.results.concat(1) }),
    });
    await c.controller.setResponse(list, [{ id: 2, title: 'two' }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = settledState(c.controller.fetch(create, { title: 'new' }));
    await flush();
    expect(outcome.state).toBe('resolved');
    expect(outcome.value).toMatchObject({ id: 1, title: 'new' });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/createTodo\.update/);
    logged.mockRestore();
    const { data } = c.controller.getResponse(list, c.getSnapshot());
    expect((data as Todo[]).map((t) => t.title)).toEqual(['two']);
    expect(c.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'new' });
  });

  it('errorPolicy: the read shows the error instead of loading forever', async () => {
    const c = make();
    const ep = new Endpoint(
      async () => {
        throw new TypeError('Failed to parse URL');
      },
      { name: 'todo', retry: 0, errorPolicy: (error: any) => (error.response.status >= 500 ? 'soft' : undefined) },
    );
    const obs = c.observe(ep);
    const stop = obs.subscribe(() => {});
    await flush();
    const { loading, error } = obs.getSnapshot();
    expect({ loading, error: String(error) }).toEqual({ loading: false, error: 'TypeError: Failed to parse URL' });
    stop();
  });

  it('retry: the fetch rejects, and the next fetch of the key runs a request of its own', async () => {
    const c = make();
    let calls = 0;
    const ep = new Endpoint(
      async () => {
        calls++;
        throw new TypeError('fetch failed');
      },
      { name: 'todo', retry: (_n: number, error: any) => error.response.status === 503 },
    );
    const first = settledState(c.controller.fetch(ep));
    await flush();
    expect(first.state).toBe('rejected');
    expect(String(first.value)).toMatch(/Cannot read properties of undefined/);
    const second = settledState(c.controller.fetch(ep));
    await flush();
    expect(second.state).toBe('rejected');
    expect(calls).toBe(2);
  });
});

/** An endpoint whose requests wait until the test answers them, with the server's version at the time they started. */
function heldServer() {
  const server = { version: 1, answers: [] as (() => void)[], todo: undefined as unknown as Endpoint<() => Promise<{ v: number }>> };
  server.todo = new Endpoint(
    () => {
      const v = server.version;
      return new Promise<{ v: number }>((resolve) => server.answers.push(() => resolve({ v })));
    },
    { name: 'todo' },
  );
  return server;
}

it('a manager that throws on a FETCH makes controller.fetch reject (not throw), and leaves no request behind', async () => {
  let broken = true;
  const strict: Manager = {
    middleware: () => (next) => (action) => {
      if (action.type === FETCH && broken) throw new Error('not signed in');
      return next(action);
    },
    cleanup() {},
  };
  client = createClient({ managers: [strict, new NetworkManager()] });
  let calls = 0;
  const todo = new Endpoint(async () => ({ id: 1, title: 'a', n: ++calls }), { key: () => 'todo', schema: Todo });
  let pending: Promise<unknown> | undefined;
  expect(() => (pending = client!.controller.fetch(todo))).not.toThrow();
  await expect(pending).rejects.toThrow('not signed in');
  expect(client.controller.requests.size).toBe(0);
  broken = false;
  await expect(client.controller.fetch(todo)).resolves.toMatchObject({ title: 'a' });
  expect(calls).toBe(1);
});

it('a fetch after invalidate() gets a request of its own, not one started before the invalidation', async () => {
  const c = make();
  const server = heldServer();
  const { answers, todo } = server;
  await c.controller.setResponse(todo, { v: 0 });
  const background = c.controller.fetch(todo); // a revalidation, started while the server still had v1
  await flush();
  server.version = 2; // a mutation changed it...
  await c.controller.invalidate(todo); // ...so the app invalidates and asks again
  const fresh = c.controller.fetch(todo);
  await flush();
  expect(answers).toHaveLength(2);
  answers[1]!();
  answers[0]!();
  expect(await fresh).toEqual({ v: 2 });
  expect(await background).toEqual({ v: 1 });
  // The stored value is the newer answer, and it is usable.
  expect(c.controller.getResponse(todo, c.getSnapshot()).data).toEqual({ v: 2 });
});

it('invalidate() during a first load: the load answers for the data as it was, and a fetch after it gets its own request', async () => {
  const c = make();
  const server = heldServer();
  const { answers, todo } = server;
  const load = c.controller.fetch(todo); // nothing stored yet
  await flush();
  server.version = 2;
  await c.controller.invalidate(todo);
  const fresh = c.controller.fetch(todo);
  await flush();
  expect(answers).toHaveLength(2);
  answers[0]!();
  await load;
  // The first answer is from before the invalidation: stored, but not usable.
  expect(c.controller.getResponse(todo, c.getSnapshot()).expiryStatus).toBe(ExpiryStatus.Invalid);
  answers[1]!();
  expect(await fresh).toEqual({ v: 2 });
  expect(c.controller.getResponse(todo, c.getSnapshot())).toMatchObject({ data: { v: 2 }, expiryStatus: ExpiryStatus.Valid });
});

it('invalidate() of a key nothing stored and nothing fetches leaves the store as it was', async () => {
  const c = make();
  const todo = new Endpoint(async () => ({ v: 1 }), { name: 'todo' });
  const before = c.getSnapshot();
  await c.controller.invalidate(todo);
  expect(c.getSnapshot()).toBe(before);
});

it("a manager's wrapped resolve that throws for a joined FETCH is reported, as for the FETCH that started the request", async () => {
  const reported: unknown[] = [];
  vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
  try {
    let fetches = 0;
    const throwing: Manager = {
      middleware: () => (next) => (action) => {
        if (action.type !== FETCH || fetches++ !== 1) return next(action);
        // The second FETCH (it joins the first's request): its resolve throws once it has answered.
        const { resolve } = action.meta;
        const throwingResolve = (value: unknown) => {
          resolve(value);
          throw new Error('wrapper of the joined one');
        };
        return next({ ...action, meta: { ...action.meta, resolve: throwingResolve } });
      },
      cleanup() {},
    };
    client = createClient({ managers: [throwing, new NetworkManager()] });
    const todo = new Endpoint(async () => ({ id: 1, title: 'a' }), { key: () => 'todo', schema: Todo });
    const first = client.controller.fetch(todo);
    const joined = client.controller.fetch(todo);
    await expect(Promise.all([first, joined])).resolves.toMatchObject([{ title: 'a' }, { title: 'a' }]);
    await flush();
    expect(reported).toEqual([new Error('wrapper of the joined one')]);
  } finally {
    vi.unstubAllGlobals();
  }
});
