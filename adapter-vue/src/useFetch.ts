import { ObserveModes, type EndpointLike } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Fetches an endpoint when its data is missing or stale, without giving the data
 * (read it elsewhere with useCache or useSuspense). The ref holds the running
 * fetch's promise, undefined when nothing runs.
 *
 * @example
 * // Prefetch the next page while the user reads this one.
 * const pending = useFetch(TodoResource.getList, () => ({ page: page.value + 1 }));
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): ComputedRef<Promise<void> | undefined> {
  const { observer, snapshot } = bindEndpoint(useClient(), ObserveModes.fetch, endpoint, args);
  return computed(() => (snapshot.value.loading ? observer.value.promise() : undefined));
}
