import { fetchIfNeeded, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * Fetches an endpoint when its data is missing or stale, without reading it: the
 * signal holds the running fetch's promise (with `resolved`), or undefined when
 * nothing needs fetching.
 *
 * @example
 * readonly prefetch = useFetch(TodoResource.getList);
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Signal<(Promise<ResolveType<E>> & { resolved: boolean }) | undefined> {
  const { observer, snapshot } = bindEndpoint(injectClient('useFetch'), ObserveModes.fetch, endpoint, args, 'useFetch');
  return computed(() => {
    snapshot(); // re-evaluated when a fetch starts or ends
    return fetchIfNeeded(observer());
  });
}
