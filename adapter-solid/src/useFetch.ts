import { fetchIfNeeded, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { createMemo, type Accessor } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Fetches an endpoint when its data is missing or stale, without giving the data
 * (read it elsewhere with useCache or useSuspense). The accessor gives the running
 * fetch's promise, resolving with the data, or undefined when nothing runs: core's
 * `fetchIfNeeded(observer)`, the same in every adapter.
 *
 * @example
 * // Prefetch the next todo while the user reads this one.
 * const pending = useFetch(TodoResource.get, () => ({ id: id() + 1 }));
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Accessor<(Promise<ResolveType<E>> & { resolved: boolean }) | undefined> {
  const { source, snapshot } = bindEndpoint(useClient(), ObserveModes.fetch, endpoint, args, 'useFetch');
  return createMemo(() => {
    snapshot(); // asked again when a fetch starts or ends
    return fetchIfNeeded(source());
  });
}
