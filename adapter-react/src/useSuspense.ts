import type { EndpointLike, EndpointObserver, ResolveType } from '@resto/core';
import { withRetry } from './retry';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';
import { useSnapshot } from './useSnapshot';

const FETCH = {};
const FIELDS = ['data', 'error'] as const;

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
  return readSuspense(observer, useSnapshot(observer, FIELDS));
}

/**
 * The suspense part shared with `useLive`: throw the error, wait on the fetch, or
 * hand back the data. @internal
 */
export function readSuspense<E extends EndpointLike>(
  observer: EndpointObserver<E>,
  snapshot: { readonly data: ResolveType<E> | undefined; readonly error: Error | undefined },
): ResolveType<E> | undefined {
  if (observer.key === undefined) return undefined;
  if (snapshot.error) throw withRetry(snapshot.error, () => observer.refetch());
  if (snapshot.data !== undefined) return snapshot.data;
  // Thrown rather than passed to `use()`: when React replays the component after the
  // fetch, the data is there and `use()` would not be called again, which React
  // reports as a conditional `use()`. A thrown promise retries the render instead.
  throw observer.promise();
}
