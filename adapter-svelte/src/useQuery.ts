import { QueryObserver, readQueryKey, type DenormalizeNullable } from '@resto/core';
import { bind } from './bind.svelte.js';
import { getClient } from './context.js';
import { readOf, type Read } from './observe.js';

/**
 * A derived read of the store with no fetch: an Entity by primary key, `All`, a
 * `Query`, a Collection by args. Keeps identity until what it reads changed, so a
 * row reading its entity only updates when that entity does.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * const count = useQuery(remaining);
 * const todo = useQuery(Todo, () => ({ id }));
 * {count.current} left; {todo.current?.title}
 */
export function useQuery<S>(schema: S, ...args: readonly unknown[]): Read<DenormalizeNullable<S> | undefined> {
  const client = getClient();
  const binding = bind<QueryObserver<DenormalizeNullable<S>>>(
    (a) => new QueryObserver(client, schema, a),
    readQueryKey,
    args,
    'useQuery',
  );
  return readOf(binding, (o) => o.getSnapshot());
}
