import { ObserveModes, type EndpointLike, type ObserveOptions, type ReadResult, type ResolveType } from '@resto/core';
import { createMemo, createResource, untrack, type Resource } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/** Two of core's read() results say the same thing: same status and the same data or error. */
function sameRead(a: ReadResult<unknown>, b: ReadResult<unknown>): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'ready') return a.data === (b as typeof a).data;
  if (a.status === 'error') return a.error === (b as typeof a).error;
  return true;
}

/**
 * Shared by useSuspense and useLive: core's `read()` as a Solid resource. Ready data
 * loads synchronously (no fallback, no flash), an error is thrown by the fetcher so
 * reading the resource throws it to the nearest `<ErrorBoundary>`, and a pending
 * read hands the resource core's `readAsync()`, which is what makes `<Suspense>`
 * show its fallback. The resource re-loads whenever core's answer changes. @internal
 */
export function suspend<E extends EndpointLike>(options: ObserveOptions, endpoint: E, args: readonly unknown[], hook: string): Resource<ResolveType<E>> {
  const { source, snapshot } = bindEndpoint(useClient(), options, endpoint, args, hook);
  const read = createMemo(
    () => {
      snapshot();
      return source().read();
    },
    undefined,
    { equals: sameRead },
  );
  const [resource] = createResource(read, (r) => {
    if (r.status === 'ready') return r.data as ResolveType<E>;
    if (r.status === 'error') throw r.error;
    return untrack(source).readAsync() as Promise<ResolveType<E>>;
  });
  return resource;
}

/**
 * Reads an endpoint the Solid suspense way, as a `Resource`: reading it suspends the
 * nearest `<Suspense>` (its fallback shows) while nothing usable is stored, and
 * throws a failure to the nearest `<ErrorBoundary>`. Fetches when the data is missing
 * or stale (stale data shows while it revalidates). Args may be values or accessors
 * (a new key when the signals they read change); `null` switches the read off.
 * Later changes (mutations, optimistic updates, revalidation) update the resource;
 * only what read it re-runs. As with any Solid resource, a suspended component's
 * JSX runs off-screen before the data is there: read `todo()?.title`, or use `<Show>`.
 *
 * @example
 * function TodoDetail(props: { id: number }) {
 *   const todo = useSuspense(TodoResource.get, () => ({ id: props.id }));
 *   return <h1>{todo()?.title}</h1>;
 * }
 * // <ErrorBoundary fallback={(e) => <p>{e.status}</p>}><Suspense fallback="Loading…"><TodoDetail id={1} /></Suspense></ErrorBoundary>
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Resource<ResolveType<E>> {
  return suspend(ObserveModes.suspense, endpoint, args, 'useSuspense');
}
