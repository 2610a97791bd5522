import { All, Entity, Query, resource } from '@resto/core';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

// The API serves the app too, so paths need no urlPrefix.
export const TodoResource = resource({
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number },
});

// The toggle shows its guess at once; the server's answer replaces it.
export const toggleTodo = TodoResource.partialUpdate.extend({
  getOptimisticResponse: (_snapshot, { id }: { id: number }, body: Partial<Todo>) => ({ id, ...body }),
});

// A second view of the same entities: computed from the store, never fetched.
export const doneCount = new Query(new All(Todo), (todos) => todos.filter((t) => t.completed).length);
