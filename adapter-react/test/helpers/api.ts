import { Entity, RestEndpoint } from '@resto/core';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override get key() {
    return 'Todo';
  }
}

/** Endpoints for a server at `url` (one set per test file). */
export function todoApi(url: string) {
  const get = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo });
  const getList = new RestEndpoint({ urlPrefix: url, path: '/todos', schema: [Todo] });
  const partialUpdate = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', method: 'PATCH', schema: Todo });
  return { get, getList, partialUpdate };
}
