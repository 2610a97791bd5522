import { readAsync, type EndpointLike, type ObserveOptions, type ReadResult, type ResolveType } from '@resto/core';
import { createMemo, createResource, untrack, type Accessor } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/** What the resource resolves to: serializable, the same every time. */
const READY = 'ready';

/** Two of core's read() results say the same thing: same status and the same data or error. */
function sameRead(a: ReadResult<unknown>, b: ReadResult<unknown>): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'ready') return a.data === (b as typeof a).data;
  if (a.status === 'error') return a.error === (b as typeof a).error;
  return true;
}

/**
 * Shared by useSuspense and useLive: core's `read()` behind a Solid resource. The
 * resource carries no data, only whether the read is usable: ready loads
 * synchronously (no fallback, no flash), an error is thrown by the fetcher so reading
 * throws it to the nearest `<ErrorBoundary>`, and pending hands the resource core's
 * `readAsync()`, which is what makes `<Suspense>` show its fallback. The data comes
 * from the snapshot, so a server render serializes a word, not entities (the store
 * goes to the browser as one dehydrated snapshot), and a new version of the data
 * notifies only what read it. @internal
 */
export function suspend<E extends EndpointLike>(options: ObserveOptions, endpoint: E, args: readonly unknown[], hook: string): Accessor<ResolveType<E> | undefined> {
  const { source, snapshot } = bindEndpoint(useClient(), options, endpoint, args, hook);
  const read = createMemo(
    () => {
      snapshot();
      return source().read();
    },
    undefined,
    { equals: sameRead },
  );
  const [usable] = createResource(read, (r) => {
    if (r.status === 'ready') return READY;
    if (r.status === 'error') throw r.error;
    return readAsync(untrack(source)).then(() => READY);
  });
  // While a new key loads, the last data: the fallback covers it, or, in a transition,
  // the old view keeps showing it until the new data is there.
  const data = createMemo<ResolveType<E> | undefined>((last) => {
    const r = read();
    return r.status === 'ready' ? (r.data as ResolveType<E>) : last;
  });
  return () => {
    usable();
    return data();
  };
}

/**
 * Reads an endpoint the Solid suspense way: reading the accessor suspends the
 * nearest `<Suspense>` (its fallback shows) while nothing usable is stored (it is
 * backed by a resource), and throws a failure to the nearest `<ErrorBoundary>`. Fetches when the data is missing
 * or stale (stale data shows while it revalidates). Args may be values or accessors
 * (a new key when the signals they read change); `null` switches the read off.
 * Later changes (mutations, optimistic updates, revalidation) update the accessor;
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
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Accessor<ResolveType<E> | undefined> {
  // ObserveModes.suspense is the default read (`{}`): naming it would bring the table of
  // every mode into an app that only suspends.
  return suspend({}, endpoint, args, 'useSuspense');
}
