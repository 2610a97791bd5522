// The filtered-list fixture of the adapters' abandoned-read tests: a server for
// `GET /todos?completed=X` that answers `true` at once and holds every other filter.
import { Collection, RestEndpoint } from '@resto/core';
import type { ServerResponse } from 'node:http';
import { defer, json, startServer, type Hit } from './server';
import { Todo } from './todos';

/**
 * The todo list filtered by `completed`, at `url`.
 *
 * @example
 * const list = filteredTodoList(server.url);
 * await client.controller.fetch(list, { completed: true });
 */
export function filteredTodoList(url: string) {
  return new RestEndpoint({ urlPrefix: url, path: '/todos', searchParams: {} as { completed: boolean }, schema: new Collection([Todo]) });
}
export type FilteredTodoList = ReturnType<typeof filteredTodoList>;

export type FilteredListServer = Awaited<ReturnType<typeof startFilteredListServer>>;

/**
 * A real server for `GET /todos?completed=X` that holds answers: `completed=true` answers
 * `[{ id: 1, title: 'done' }]` at once; any other filter waits until the test resolves
 * `held.get(filter)` (then answers `[{ id: 2, title: 'open' }]`) or the client leaves
 * (then nothing is written). `hitOf(filter)` is the first request for a filter, whose
 * `closed` resolves when that read was aborted; `requestsOf(filter)` counts them;
 * `reset()` forgets the requests and the held answers between tests.
 *
 * @example
 * const server = await startFilteredListServer();
 * const read = client.controller.fetch(server.list, { completed: false });
 * await until(() => server.held.has('false'));
 * server.held.get('false')!.resolve(); // or abort the read: await server.hitOf('false')!.closed
 * await read;
 * server.reset();
 * await server.close();
 */
export async function startFilteredListServer() {
  /** Answers held by filter, set when the request arrives. */
  const held = new Map<string, ReturnType<typeof defer<void>>>();
  async function answer(hit: Hit, res: ServerResponse) {
    const filter = new URL(hit.url, 'http://localhost').searchParams.get('completed')!;
    if (filter === 'true') return json(res, [{ id: 1, title: 'done', completed: true }]);
    const gate = defer();
    held.set(filter, gate);
    const answered = await Promise.race([gate.promise.then(() => true), hit.closed.then(() => false)]);
    if (answered) json(res, [{ id: 2, title: 'open', completed: false }]);
  }
  const server = await startServer({ 'GET /todos': answer });
  const hitsOf = (filter: string) => server.hits.filter((h) => h.url.endsWith(`completed=${filter}`));
  return {
    ...server,
    held,
    list: filteredTodoList(server.url),
    hitOf: (filter: string): Hit | undefined => hitsOf(filter)[0],
    requestsOf: (filter: string) => hitsOf(filter).length,
    reset() {
      server.hits.length = 0;
      held.clear();
    },
  };
}
