import { denormalize, normalize } from '../../src/normalize';
import { Entity } from '../../src/schema';
import { startServer, type SeenRequest, type TestServer } from '../rest/server';

export interface TodoRow {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
}

/**
 * A small REST API in memory: /users, /todos (filters userId, completed;
 * pagination by page, 2 per page), /items (a Union of users and groups).
 */
export async function startApi(): Promise<TestServer & { todos: TodoRow[] }> {
  let nextId = 100;
  const todos: TodoRow[] = [];
  const reset = () => {
    todos.length = 0;
    todos.push(
      { id: 1, userId: 1, title: 'a', completed: false },
      { id: 2, userId: 1, title: 'b', completed: true },
      { id: 3, userId: 2, title: 'c', completed: false },
      { id: 4, userId: 1, title: 'd', completed: false },
      { id: 5, userId: 1, title: 'e', completed: false },
    );
  };
  reset();
  const send = (res: import('node:http').ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const server = await startServer((req: SeenRequest, res) => {
    const url = new URL(req.url, 'http://x');
    const body = req.body ? JSON.parse(req.body) : undefined;
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'todos') {
      const id = parts[1] === undefined ? undefined : Number(parts[1]);
      const found = todos.find((t) => t.id === id);
      if (id === undefined && req.method === 'GET') {
        let rows = todos.slice();
        const userId = url.searchParams.get('userId');
        const completed = url.searchParams.get('completed');
        if (userId !== null) rows = rows.filter((t) => String(t.userId) === userId);
        if (completed !== null) rows = rows.filter((t) => String(t.completed) === completed);
        const page = url.searchParams.get('page');
        if (page !== null) rows = rows.slice((Number(page) - 1) * 2, Number(page) * 2);
        return send(res, 200, rows);
      }
      if (id === undefined && req.method === 'POST') {
        const created = { id: nextId++, completed: false, ...body };
        todos.push(created);
        return send(res, 201, created);
      }
      if (!found) return send(res, 404, { error: 'not found' });
      if (req.method === 'GET') return send(res, 200, found);
      if (req.method === 'PUT') return send(res, 200, Object.assign(found, { ...body, id }));
      if (req.method === 'PATCH') return send(res, 200, Object.assign(found, body));
      if (req.method === 'DELETE') {
        todos.splice(todos.indexOf(found), 1);
        return send(res, 200, {});
      }
    }
    if (parts[0] === 'users') {
      if (req.method === 'GET' && parts[1]) return send(res, 200, { id: Number(parts[1]), name: `user ${parts[1]}` });
      if (req.method === 'GET') return send(res, 200, [{ id: 1, name: 'user 1' }]);
    }
    if (parts[0] === 'items') {
      const items = [
        { id: 1, type: 'users', name: 'Ada' },
        { id: 1, type: 'groups', title: 'Admins' },
      ];
      if (req.method === 'GET') return send(res, 200, items);
      if (req.method === 'DELETE') return send(res, 200, { id: Number(parts[1]), type: url.searchParams.get('type') });
    }
    if (parts[0] === 'reset') {
      reset();
      return send(res, 204);
    }
    return send(res, 404, { error: 'no route' });
  });
  return Object.assign(server, { todos });
}

 
type AnyEndpoint = { schema: any; key(...args: any[]): string; (...args: any[]): Promise<any> };

/**
 * A tiny stand-in for the store: results by endpoint key plus the normalized
 * tables, updated through `normalize()` exactly as the controller would.
 */
export class TestStore {
  entities: Record<string, Record<string, unknown>> = {};
  indexes: Record<string, unknown> = {};
  entitiesMeta: Record<string, Record<string, { date: number; fetchedAt: number; expiresAt: number }>> = {};
  results: Record<string, unknown> = {};
  private clock = 1;

  /** Call the endpoint for real and store the response. */
  async fetch<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<void> {
    this.set(endpoint, args, await endpoint(...args));
  }

  set(endpoint: AnyEndpoint, args: readonly unknown[], response: unknown): void {
    const now = this.clock++;
    const out = normalize(endpoint.schema, response, args, this, { date: now, fetchedAt: now, expiresAt: now + 1000 });
    this.entities = out.entities as never;
    this.indexes = out.indexes as never;
    this.entitiesMeta = out.entitiesMeta as never;
    this.results[endpoint.key(...args)] = out.result;
  }

  /** The denormalized value stored for this endpoint and args. */
  get(endpoint: AnyEndpoint, ...args: unknown[]): unknown {
    return denormalize(endpoint.schema, this.results[endpoint.key(...args)], this.entities, args);
  }
}

/** The todo record every resource test uses. */
export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
