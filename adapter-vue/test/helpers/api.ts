import { Collection, Invalidate, RestEndpoint } from '@resto/core';
import { Todo } from '@resto/testing/todos';

// The Todo entity every package's tests share; the endpoints here are this suite's own.
export { Todo };

/** Endpoints against a test server at `url`, built per test file (the port changes). */
export function makeApi(url: string, options: { dataExpiryLength?: number } = {}) {
  const list = new Collection([Todo]);
  const get = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo, ...options });
  const getList = new RestEndpoint({ urlPrefix: url, path: '/todos', schema: list, ...options });
  const create = new RestEndpoint({ urlPrefix: url, path: '/todos', method: 'POST', schema: list.push, body: {} as { title: string } });
  const partialUpdate = new RestEndpoint({
    urlPrefix: url,
    path: '/todos/:id',
    method: 'PATCH',
    schema: Todo,
    body: {} as Partial<Todo>,
  });
  const optimisticUpdate = partialUpdate.extend({
    getOptimisticResponse(snap, params, body) {
      const stored = snap.get(Todo, params);
      if (!stored) throw snap.abort;
      return { ...stored, ...(body as object) };
    },
  });
  const remove = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) });
  return { get, getList, create, partialUpdate, optimisticUpdate, remove };
}
