import { useMemo, useSyncExternalStore } from 'react';
import { ExpiryStatus, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { ArgsOf } from './types';
import { useController } from './useController';
import { useObserver } from './useObserver';

/**
 * Fetches when the stored data is missing or stale, without reading it: the
 * component re-renders only when the data turns stale, never when it changes.
 * Returns the fetch's promise while a fetch is needed, else undefined (so it can be
 * handed to `use()` or awaited). `null` args do nothing.
 *
 * @example
 * function Prefetch({ id }: { id: number }) {
 *   useFetch(TodoResource.get, { id }); // warm the store for the next page
 *   return null;
 * }
 */
export function useFetch<E extends EndpointLike>(
  endpoint: E,
  ...args: ArgsOf<E> | [null]
): Promise<ResolveType<E>> | undefined {
  const controller = useController();
  const observer = useObserver(ObserveModes.fetch, endpoint, args);
  // Subscribing keeps the read fresh (the observer revalidates on expiry); selecting
  // a boolean means new data alone never re-renders the component.
  const needed = useSyncExternalStore(observer.subscribe, () => needsFetch(observer.getSnapshot()), () => false);
  // Deduplicated by key in the network layer: the observer's own fetch and this one share a request.
  return useMemo(() => {
    if (!needed || !observer.args) return undefined;
    const fetched = controller.fetch(endpoint, ...(observer.args as ArgsOf<E>));
    // The error is stored for readers; a caller that ignores the promise must not get an unhandled rejection.
    fetched.catch(() => undefined);
    return fetched;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, observer, needed]);
}

function needsFetch(snap: { data: unknown; error: unknown; expiryStatus: ExpiryStatus; stale: boolean }): boolean {
  if (snap.error) return false;
  return snap.data === undefined || snap.expiryStatus === ExpiryStatus.Invalid || snap.stale;
}
