import { fetchIfNeeded, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Fetches an endpoint when its data is missing or stale, without giving the data
 * (read it elsewhere with useCache or useSuspense). The ref holds the running
 * fetch's promise, resolving with the data, or undefined when nothing runs: core's
 * `fetchIfNeeded(observer)`, the same in every adapter.
 *
 * @example
 * // Prefetch the next page while the user reads this one.
 * const pending = useFetch(TodoResource.getList, () => ({ page: page.value + 1 }));
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): ComputedRef<(Promise<ResolveType<E>> & { resolved: boolean }) | undefined> {
  const { observer, snapshot } = bindEndpoint(useClient(), ObserveModes.fetch, endpoint, args, 'useFetch');
  return computed(() => {
    void snapshot.value; // re-evaluated when a fetch starts or ends
    return fetchIfNeeded(observer.value);
  });
}
