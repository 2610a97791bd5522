// The API of the server-rendered demo pages. Built per origin: the server renders
// against its own URL, and the browser uses the same one, so store keys match and
// hydration finds every read the server made.
import { Entity, RestEndpoint } from '@resto/core';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

export function todoApi(origin: string) {
  return {
    getList: new RestEndpoint({ urlPrefix: origin, path: '/todos', schema: [Todo] }),
    update: new RestEndpoint({ urlPrefix: origin, path: '/todos/:id', method: 'PATCH', schema: Todo, body: {} as Partial<Todo> }),
  };
}
export type TodoApi = ReturnType<typeof todoApi>;

/** Where the server puts the serialized store (see apps/build.mjs); the browser reads it before hydrating. */
export const STATE_ID = 'resto-state';
