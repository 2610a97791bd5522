import { QueryObserver, readQueryKey, type DenormalizeNullable } from '@resto/core';
import { type Accessor } from 'solid-js';
import { bind } from './bind';
import { useClient } from './context';

/**
 * Reads a schema straight from the store, never fetching: an Entity by primary
 * key, `All(Entity)`, or a `Query` deriving a value. Args may be values or
 * accessors; `null` switches it off. The value keeps its identity until what it
 * reads changed, so a row reading its entity re-runs only when that entity does.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * const count = useQuery(remaining);
 * const todo = useQuery(Todo, () => ({ id: props.id }));
 * return <p>{count()} left; {todo()?.title}</p>;
 */
export function useQuery<S>(schema: S, ...args: readonly unknown[]): Accessor<DenormalizeNullable<S> | undefined> {
  const client = useClient();
  const { snapshot } = bind<QueryObserver<DenormalizeNullable<S>>>(
    (a) => new QueryObserver(client, schema, a),
    readQueryKey,
    args,
    'useQuery',
  );
  return snapshot;
}
