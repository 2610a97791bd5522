// The one Todo fixture every package's tests share: the entity, its endpoints and
// a real todo server on 127.0.0.1.
import { Collection, createClient, Entity, Invalidate, RestEndpoint, type Client } from '@resto/core';
import { afterEach, beforeEach } from 'vitest';
import type { ServerResponse } from 'node:http';
import { json, startServer, type Hit } from './server';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
}

/** Endpoints of the todo API at `url`. */
export function todoApi(url: string) {
  const list = new RestEndpoint({ urlPrefix: url, path: '/todos', schema: new Collection([Todo]) });
  return {
    get: new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo }),
    list,
    push: list.push,
    update: new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'PATCH', schema: Todo }),
    delete: new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) }),
  };
}
export type TodoApi = ReturnType<typeof todoApi>;

/**
 * A real todo server: GET/POST /todos, GET/PATCH/DELETE /todos/:id. `hold` makes
 * the next requests wait until the returned function is called; `fail` makes
 * a route answer an error status.
 */
export interface TodoServer extends Awaited<ReturnType<typeof startServer>> {
  readonly todos: Map<number, TodoRow>;
  readonly api: TodoApi;
  /** Holds every request until the returned release is called. */
  hold(): () => void;
  /** Makes `METHOD /path` answer `status` (0: answer normally again). */
  fail(route: string, status: number): void;
}

export async function startTodoServer(count = 3): Promise<TodoServer> {
  const todos = new Map<number, TodoRow>();
  for (let id = 1; id <= count; id++) todos.set(id, { id, title: `todo ${id}`, completed: false });
  let nextId = count + 1;
  const holds: Promise<void>[] = [];
  const failures = new Map<string, number>();

  const handle = async (hit: Hit, res: ServerResponse) => {
    for (const h of holds) await h;
    const path = hit.url.split('?')[0]!;
    const failure = failures.get(`${hit.method} ${path}`);
    if (failure) return json(res, { message: 'failed' }, failure);
    const id = Number(path.split('/')[2]);
    if (path === '/todos') {
      if (hit.method === 'GET') return json(res, [...todos.values()]);
      if (hit.method === 'POST') {
        const todo = { id: nextId++, title: '', completed: false, ...JSON.parse(hit.body) };
        todos.set(todo.id, todo);
        return json(res, todo, 201);
      }
    }
    const todo = todos.get(id);
    if (!todo) return json(res, { message: 'not found' }, 404);
    if (hit.method === 'GET') return json(res, todo);
    if (hit.method === 'PATCH') {
      const next = { ...todo, ...JSON.parse(hit.body) };
      todos.set(id, next);
      return json(res, next);
    }
    if (hit.method === 'DELETE') {
      todos.delete(id);
      return json(res, { id });
    }
    json(res, { message: 'no route' }, 405);
  };
  const server = await startServer({ 'GET *': handle, 'POST *': handle, 'PATCH *': handle, 'DELETE *': handle });
  return {
    ...server,
    todos,
    api: todoApi(server.url),
    /** Holds every request until the returned release is called. */
    hold() {
      let release!: () => void;
      const p = new Promise<void>((r) => (release = r));
      holds.push(p);
      return () => {
        holds.splice(holds.indexOf(p), 1);
        release();
      };
    },
    fail(route: string, status: number) {
      failures.set(route, status);
    },
  };
}

/**
 * The setup most adapter test files share: before each test a todo server and a
 * fresh client (handed to `use`), after it the framework's `cleanup` (unmount),
 * then the client and server are closed. The client does not retry (`retry: 0`,
 * like the adapters' mock clients), so a failing route fails at once.
 *
 * @example
 * let server: TodoServer;
 * let client: Client;
 * eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);
 */
export function eachTodoEnv(use: (server: TodoServer, client: Client) => void, cleanup: () => void = () => {}) {
  let server: TodoServer | undefined;
  let client: Client | undefined;
  beforeEach(async () => {
    server = await startTodoServer();
    client = createClient({ retry: 0 });
    use(server, client);
  });
  afterEach(async () => {
    cleanup();
    client?.destroy();
    await server?.close();
  });
}
