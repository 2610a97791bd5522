import { Entity, Invalidate, RestEndpoint } from '@resto/core';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

/** Endpoints against a test server at `url`, built per test file (the port changes). */
export function makeApi(url: string, options: { dataExpiryLength?: number } = {}) {
  const get = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo, ...options });
  const getList = new RestEndpoint({ urlPrefix: url, path: '/todos', schema: [Todo], ...options });
  const partialUpdate = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'PATCH', schema: Todo });
  const remove = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) });
  return { get, getList, partialUpdate, remove };
}
