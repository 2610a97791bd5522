import { useSyncExternalStore } from 'react';
import { type ArgsInput, type EndpointLike, type EndpointObserver, type ResolveType } from '@resto/core';
import { useClaim } from './claim';
import { withRetry } from './retry';
import type { ArgsOf } from './types';
import { useKeyedObserver } from './useObserver';

/**
 * Reads an endpoint, suspending until usable data is stored. Errors go to the
 * nearest error boundary (`AsyncBoundary`); stale data is returned at once while it
 * revalidates. `null` as the args skips the read and returns undefined (an object
 * schema's plain defaults, `{ cursor: '' }` for `{ items: [Todo], cursor: '' }`).
 *
 * @example
 * function TodoDetail({ id }: { id: number }) {
 *   const todo = useSuspense(TodoResource.get, { id });
 *   return <h3>{todo.title}</h3>;
 * }
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ArgsOf<E>): ResolveType<E>;
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): ResolveType<E> | undefined;
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: readonly unknown[]): ResolveType<E> | undefined {
  // ObserveModes.suspense is the default read (`{}`): naming it would bring the table
  // of every mode into an app that only suspends.
  return useSuspended(useKeyedObserver(endpoint, args, 'useSuspense', (client, a) => client.observeWith({}, endpoint, a)));
}

/**
 * The suspense part shared with `useLive`: subscribes, re-rendering when what core's
 * `observer.read()` decides on changes (the error, which wins, or else the data), and
 * turns its answer into React's vocabulary (throw the error, throw the promise, or
 * return the data). @internal
 */
export function useSuspended<E extends EndpointLike>(observer: EndpointObserver<E>): ResolveType<E> | undefined {
  // Every change of the snapshot renders again, even back to what the last commit showed:
  // a render that suspended in between did not commit, and the data coming back (the same
  // objects, after an invalidation) must render again.
  useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
  const r = observer.read();
  // Taken before the previous key is let go of (useClaim): its request may be this one.
  const wait = useClaim(observer, r.status === 'pending' ? r.promise : undefined);
  if (r.status === 'error') throw withRetry(r.error, () => observer.refetch());
  // Thrown rather than passed to `use()`: when React replays the component after the
  // fetch, the data is there and `use()` would not be called again, which React
  // reports as a conditional `use()`. A thrown promise retries the render instead.
  // `wait` is set exactly when the read is pending.
  if (wait) throw wait;
  return (r as { data: ResolveType<E> | undefined }).data;
}
