import { RestEndpoint } from '@resto/core';
import { Todo } from '@resto/testing/todos';

/** A typed create, for useMutation's tests. */
export function mutationApi(url: string) {
  return { create: new RestEndpoint({ urlPrefix: url, path: '/todos', method: 'POST', body: {} as { title: string }, schema: Todo }) };
}
export type MutationApi = ReturnType<typeof mutationApi>;
