import { Entity, resource } from '@resto/core';

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

// The checkbox flips before the server answers; the answer replaces the guess.
export const toggleTodo = TodoResource.partialUpdate.extend({
  getOptimisticResponse: (_snapshot, { id }, body) => ({ id, ...body }),
});
