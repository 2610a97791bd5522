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

/** The toggle: shown at once from what is stored, replaced by the server's answer. */
export const toggleTodo = TodoResource.partialUpdate.extend({
  getOptimisticResponse(snapshot, params: { id: number }, body: Partial<Todo>) {
    const stored = snapshot.get(Todo, params);
    if (!stored) throw snapshot.abort;
    return { ...stored, ...body };
  },
});
