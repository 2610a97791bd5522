import { All, Entity, Query, resource } from '@resto/solid';

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

/** The toggle shows at once: the stored todo with the new fields, until the server answers. */
export const toggleTodo = TodoResource.partialUpdate.extend({
  getOptimisticResponse(snap, params, body) {
    const stored = snap.get(Todo, params);
    if (!stored) throw snap.abort;
    return { ...stored, ...(body as Partial<Todo>) };
  },
});

/** The second view: how many stored todos are done, derived from the same entities. */
export const doneCount = new Query(new All(Todo), (todos) => todos.filter((t) => t.completed).length);
