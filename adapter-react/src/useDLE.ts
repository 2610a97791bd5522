import { useSyncExternalStore } from 'react';
import type { EndpointLike, ObserverSnapshot, ResolveType } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';

const FETCH = {};

/** What `useDLE` returns: the read's data, whether a fetch runs, and its error. */
export type DLE<T> = ObserverSnapshot<T>;

/**
 * Reads an endpoint without suspending: `{ data, loading, error }` (plus
 * `expiryStatus` and `expiresAt`). Fetches when data is missing or stale; errors are
 * returned, not thrown. The object keeps its identity until one field changes.
 *
 * @example
 * const { data: todos, loading, error } = useDLE(TodoResource.getList);
 * if (error) return <p>{error.message}</p>;
 * if (!todos) return <Spinner />;
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ArgsOf<E> | [null]): DLE<ResolveType<E>> {
  const observer = useObserver(FETCH, endpoint, args);
  return useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
}
