import { createTodoEndpoint } from '@resto/testing';

/** A typed create, for useMutation's tests. */
export function mutationApi(url: string) {
  return { create: createTodoEndpoint(url) };
}
export type MutationApi = ReturnType<typeof mutationApi>;
