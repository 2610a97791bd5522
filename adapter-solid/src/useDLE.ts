import { ObserveModes, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import { createMemo, untrack, type Accessor } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * What {@link useDLE} returns: an accessor per field (destructure freely), and a refetch.
 *
 * @example
 * const { data, loading, error, retryCount, refetch }: DLE<Todo> = useDLE(TodoResource.get, { id: 1 });
 */
export interface DLE<T> {
  readonly data: Accessor<T | undefined>;
  readonly loading: Accessor<boolean>;
  readonly error: Accessor<StatusError | undefined>;
  /** Failed tries of the running fetch while it retries (show "retrying…"); 0 otherwise. */
  readonly retryCount: Accessor<number>;
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

/**
 * Data, Loading, Error: reads an endpoint without suspending. Fetches when the data
 * is missing or stale; args may be values or accessors (a new key is read and
 * fetched when they change); `null` switches the read off. Each field is its own
 * memo: a view of `loading` does not re-run when only `data` changed.
 *
 * @example
 * const { data: todo, loading, error } = useDLE(TodoResource.get, () => ({ id: props.id }));
 * return (
 *   <Switch fallback={<h1>{todo()?.title}</h1>}>
 *     <Match when={loading()}>Loading…</Match>
 *     <Match when={error()}>{(e) => <p>{e().status}</p>}</Match>
 *   </Switch>
 * );
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): DLE<ResolveType<E>> {
  const { source, snapshot } = bindEndpoint(useClient(), ObserveModes.dle, endpoint, args, 'useDLE');
  const data = createMemo(() => snapshot().data);
  const loading = createMemo(() => snapshot().loading);
  const error = createMemo(() => snapshot().error);
  const retryCount = createMemo(() => snapshot().retryCount);
  return { data, loading, error, retryCount, refetch: () => untrack(source).refetch() };
}
