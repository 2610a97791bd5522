// The create fixture of the adapters' useMutation tests.
import { RestEndpoint } from '@resto/core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { defer, json, startServer } from './server';
import { Todo } from './todos';

/**
 * `POST /todos` with a `{ title }` body, answered with the created Todo.
 *
 * @example
 * const create = createTodoEndpoint(server.url);
 * const todo = await client.controller.fetch(create, { title: 'Write docs' });
 */
export function createTodoEndpoint(url: string) {
  return new RestEndpoint({ urlPrefix: url, path: '/todos', method: 'POST', body: {} as { title: string }, schema: Todo });
}
export type CreateTodoEndpoint = ReturnType<typeof createTodoEndpoint>;

/**
 * For a test file about creating todos: a real server, started before the file's tests
 * and closed after them, whose `POST /todos` answers 201 `{ id: 7, title, completed: false }`,
 * or 422 `{ errors: { title: 'is required' } }` for an empty title. `holdNext()` holds
 * the next answers until the returned gate is resolved (a gate lasts until the test ends).
 *
 * @example
 * const posts = createTodoServer();
 * it('shows pending', async () => {
 *   const create = createTodoEndpoint(posts.server.url);
 *   const gate = posts.holdNext();
 *   const done = client.controller.fetch(create, { title: 'Late' });
 *   // ... pending shows ...
 *   gate.resolve();
 *   await done;
 * });
 */
export function createTodoServer() {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  /** The next POST waits for this before answering. */
  let gate: ReturnType<typeof defer<void>> | undefined;
  beforeAll(async () => {
    server = await startServer({
      'POST /todos': async (hit, res) => {
        await gate?.promise;
        const { title } = JSON.parse(hit.body) as { title: string };
        if (!title) return json(res, { errors: { title: 'is required' } }, 422);
        json(res, { id: 7, title, completed: false }, 201);
      },
    });
  });
  afterAll(() => server?.close());
  afterEach(() => {
    gate = undefined;
  });
  return {
    get server() {
      if (!server) throw new Error('createTodoServer(): the server starts in beforeAll');
      return server;
    },
    holdNext() {
      gate = defer();
      return gate;
    },
  };
}
