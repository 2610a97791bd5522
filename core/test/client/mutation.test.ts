import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createClient, createMutation, Entity, fetchWithErrorBody, RestEndpoint, type Client, type StatusError } from '../../src';
import { defer, json, startServer, until } from '@resto/testing';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
let nextId: number;
/** Requests wait for these, in order, before the server answers. */
let holds: Promise<void>[];

beforeEach(async () => {
  nextId = 1;
  holds = [];
  server = await startServer({
    'POST /todos': async (hit, res) => {
      const hold = holds.shift();
      if (hold) await hold;
      const { title } = JSON.parse(hit.body) as { title: string };
      if (!title) return json(res, { errors: { title: 'is required' } }, 422);
      json(res, { id: nextId++, title }, 201);
    },
  });
  client = createClient({ retry: 0 });
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const createTodo = () =>
  new RestEndpoint({ urlPrefix: server.url, path: '/todos', method: 'POST', body: {} as { title: string }, schema: Todo, fetchResponse: fetchWithErrorBody });

/** Holds the next request on the server until the returned function is called. */
const holdNext = () => {
  const d = defer();
  holds.push(d.promise);
  return d.resolve;
};

describe('createMutation', () => {
  it('is pending while the call runs, then has its result, normalized into the store', async () => {
    const create = createMutation(client.controller, createTodo());
    const listener = vi.fn();
    create.subscribe(listener);
    expect(create.getSnapshot()).toEqual({ pending: false, error: undefined, data: undefined });
    const release = holdNext();
    const call = create.mutate({ title: 'Write docs' });
    expect(create.getSnapshot()).toEqual({ pending: true, error: undefined, data: undefined });
    await until(() => server.hits.length === 1);
    expect(create.getSnapshot().pending).toBe(true);
    release();
    const todo = await call;
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toMatchObject({ id: 1, title: 'Write docs' });
    expect(create.getSnapshot()).toEqual({ pending: false, error: undefined, data: todo });
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'Write docs' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("stores a 422 with the server's body in error and resolves undefined", async () => {
    const create = createMutation(client.controller, createTodo());
    await expect(create.mutate({ title: '' })).resolves.toBeUndefined();
    const { error, pending, data } = create.getSnapshot();
    expect(pending).toBe(false);
    expect(data).toBeUndefined();
    expect(error?.status).toBe(422);
    expect(error?.body).toEqual({ errors: { title: 'is required' } });
  });

  it('a new call clears the last error; reset clears the result', async () => {
    const create = createMutation(client.controller, createTodo());
    await create.mutate({ title: '' });
    expect(create.getSnapshot().error).toBeDefined();
    const next = create.mutate({ title: 'Again' });
    expect(create.getSnapshot()).toEqual({ pending: true, error: undefined, data: undefined });
    await next;
    expect(create.getSnapshot().data).toMatchObject({ title: 'Again' });
    create.reset();
    expect(create.getSnapshot()).toEqual({ pending: false, error: undefined, data: undefined });
  });

  it('reset during a call: the call still finishes and is stored, the state stays idle', async () => {
    const create = createMutation(client.controller, createTodo());
    const release = holdNext();
    const call = create.mutate({ title: 'Late' });
    create.reset();
    expect(create.getSnapshot().pending).toBe(false);
    release();
    await expect(call).resolves.toMatchObject({ title: 'Late' });
    expect(create.getSnapshot()).toEqual({ pending: false, error: undefined, data: undefined });
    expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'Late' });
  });

  it('the last call wins: an earlier call settling before or after it changes nothing', async () => {
    const create = createMutation(client.controller, createTodo());
    const releases = [holdNext(), holdNext(), holdNext()];
    const first = create.mutate({ title: '' }); // a 422
    await until(() => server.hits.length === 1);
    const second = create.mutate({ title: 'Second' });
    await until(() => server.hits.length === 2);
    const third = create.mutate({ title: 'Third' });
    await until(() => server.hits.length === 3);
    // The first fails before the last settles: still pending, no error.
    releases[0]!();
    await expect(first).resolves.toBeUndefined();
    expect(create.getSnapshot()).toEqual({ pending: true, error: undefined, data: undefined });
    releases[2]!();
    await expect(third).resolves.toMatchObject({ title: 'Third' });
    const settled = create.getSnapshot();
    expect(settled).toMatchObject({ pending: false, error: undefined, data: { title: 'Third' } });
    // The second succeeds after the last: its result is stored, not shown.
    releases[1]!();
    await expect(second).resolves.toMatchObject({ title: 'Second' });
    expect(create.getSnapshot()).toBe(settled);
  });

  it('a failed call whose promise is ignored leaves no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const create = createMutation(client.controller, createTodo());
      void create.mutate({ title: '' });
      await until(() => create.getSnapshot().error !== undefined);
      // Unhandled rejections are reported after the microtask queue drains: give it a task.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('infers args and result from the endpoint; error reaches status and body', () => {
    const create = createMutation(client.controller, createTodo());
    expectTypeOf(create.mutate).parameters.toEqualTypeOf<[{ title: string }]>();
    expectTypeOf(create.mutate).returns.toEqualTypeOf<Promise<Todo | undefined>>();
    expectTypeOf(create.getSnapshot().data).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(create.getSnapshot().error).toEqualTypeOf<StatusError | undefined>();
    expectTypeOf<StatusError['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<StatusError['body']>().toEqualTypeOf<unknown>();
    const update = createMutation(client.controller, createTodo().extend({ path: '/todos/:id', method: 'PATCH' }));
    // Never called: only type-checked.
    const wrongArgs = () => {
      // @ts-expect-error the body must have a title
      void create.mutate({ name: 'x' });
      // @ts-expect-error a title is a string
      void create.mutate({ title: 1 });
      // @ts-expect-error the path needs an id
      void update.mutate({}, { title: 'x' });
    };
    expectTypeOf(wrongArgs).toBeFunction();
  });
});
