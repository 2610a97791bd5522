// A tiny todo API on a real node:http server, for the devtools tests.
import { Entity, resource } from '@resto/core';
import { json, startServer } from '@resto/testing';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

/** Starts the server; `todos` is what it serves, `fail` makes PATCH answer 500. */
export async function startTodoServer() {
  const todos = new Map([
    [1, { id: 1, title: 'write docs', completed: false }],
    [2, { id: 2, title: 'ship it', completed: true }],
  ]);
  const control = { fail: false, hold: undefined as Promise<void> | undefined };
  const server = await startServer({
    'GET /todos': async (_hit, res) => {
      await control.hold;
      json(res, [...todos.values()]);
    },
    'GET *': (hit, res) => {
      const todo = todos.get(Number(hit.url.split('?')[0]!.split('/').pop()));
      if (todo) json(res, todo);
      else json(res, { message: 'not found' }, 404);
    },
    'PATCH *': (hit, res) => {
      if (control.fail) return json(res, { message: 'nope' }, 500);
      const id = Number(hit.url.split('/').pop());
      const next = { ...todos.get(id)!, ...JSON.parse(hit.body) };
      todos.set(id, next);
      json(res, next);
    },
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
  return { server, todos, control, TodoResource };
}
