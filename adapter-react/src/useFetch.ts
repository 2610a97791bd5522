import { useSyncExternalStore } from 'react';
import { fetchIfNeeded, ObserveModes, type ArgsInput, type EndpointLike, type ResolveType } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';

/**
 * Fetches when the stored data is missing or stale, without reading it: the
 * component re-renders when a fetch starts or ends, never when the data changes.
 * Returns the running fetch's promise (resolving with the data), else undefined, so
 * it can be handed to `use()` or awaited (its `resolved` turns true once it settled): core's `fetchIfNeeded(observer)`, the same
 * in every adapter. `null` args do nothing.
 *
 * @example
 * function Prefetch({ id }: { id: number }) {
 *   useFetch(TodoResource.get, { id }); // warm the store for the next page
 *   return null;
 * }
 */
export function useFetch<E extends EndpointLike>(
  endpoint: E,
  ...args: ArgsInput<ArgsOf<E>>
): (Promise<ResolveType<E>> & { resolved: boolean }) | undefined {
  const observer = useObserver(ObserveModes.fetch, endpoint, args, 'useFetch');
  // Subscribing keeps the read fresh (the observer revalidates on expiry); the promise
  // is the same object while one fetch runs, so new data alone never re-renders.
  return useSyncExternalStore(observer.subscribe, () => fetchIfNeeded(observer), () => undefined);
}
