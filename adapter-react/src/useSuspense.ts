import { use, useSyncExternalStore } from 'react';
import type { EndpointLike, EndpointObserver, ObserverSnapshot, ResolveType } from '@resto/core';
import { withRetry } from './retry';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';

const FETCH = {};

/**
 * Reads an endpoint, suspending until usable data is stored. Errors go to the
 * nearest error boundary (`AsyncBoundary`); stale data is returned at once while it
 * revalidates. `null` as the args skips the read and returns undefined.
 *
 * @example
 * function TodoDetail({ id }: { id: number }) {
 *   const todo = useSuspense(TodoResource.get, { id });
 *   return <h3>{todo.title}</h3>;
 * }
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ArgsOf<E>): ResolveType<E>;
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ArgsOf<E> | [null]): ResolveType<E> | undefined;
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: readonly unknown[]): ResolveType<E> | undefined {
  const observer = useObserver(FETCH, endpoint, args);
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
  return readSuspense(observer, snapshot);
}

/**
 * The suspense part shared with `useLive`: throw the error, wait on the fetch, or
 * hand back the data. @internal
 */
export function readSuspense<E extends EndpointLike>(
  observer: EndpointObserver<E>,
  snapshot: ObserverSnapshot<ResolveType<E>>,
): ResolveType<E> | undefined {
  if (observer.key === undefined) return undefined;
  if (snapshot.error) throw withRetry(snapshot.error, () => observer.refetch());
  if (snapshot.data !== undefined) return snapshot.data;
  use(observer.promise());
  // The fetch settled: read what it stored (React re-renders before using this).
  const after = observer.getSnapshot();
  if (after.error) throw withRetry(after.error, () => observer.refetch());
  return after.data;
}
