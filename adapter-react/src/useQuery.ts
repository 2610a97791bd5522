import { useMemo, useSyncExternalStore } from 'react';
import { QueryObserver, readQueryKey, type DenormalizeNullable } from '@resto/core';
import { useClient } from './context';

/**
 * A derived read from the store, no fetch: an Entity by primary key, `All(Entity)`,
 * a `Query`, a Collection by its args. Re-renders only when the result changes.
 * `null` as the args switches it off.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * function Remaining() {
 *   return <span>{useQuery(remaining)} left</span>;
 * }
 * const todo = useQuery(Todo, { id: 5 });
 */
export function useQuery<S>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S> {
  const client = useClient();
  const argsKey = readQueryKey(args);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const observer = useMemo(() => new QueryObserver<DenormalizeNullable<S>>(client, schema, args), [client, schema, argsKey]);
  return useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot) as DenormalizeNullable<S>;
}

