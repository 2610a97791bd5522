import { Collection, Invalidate, RestEndpoint } from '@resto/core';
import { Todo } from '@resto/testing/todos';

// The Todo entity every package's tests share; the endpoints here are this suite's own.
export { Todo };

/** Endpoints for a server at `url` (one set per test file). */
export function todoApi(url: string) {
  const get = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo });
  const getList = new RestEndpoint({ urlPrefix: url, path: '/todos', schema: new Collection([Todo]) });
  const partialUpdate = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'PATCH', schema: Todo });
  const optimisticUpdate = partialUpdate.extend({
    getOptimisticResponse(snapshot, params: { id: number }, body: Partial<Todo>) {
      const stored = snapshot.get(Todo, params);
      if (!stored) throw snapshot.abort;
      return { ...stored, ...body };
    },
  });
  const remove = new RestEndpoint({
    urlPrefix: url,
    path: '/todos/:id',
    method: 'DELETE',
    schema: new Invalidate(Todo),
    process: (value: unknown, params: { id: number }) => (value && typeof value === 'object' && Object.keys(value).length ? value : params),
  });
  return { get, getList, partialUpdate, optimisticUpdate, remove };
}
