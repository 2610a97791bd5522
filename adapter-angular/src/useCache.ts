import { ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * The stored data of an endpoint, never fetching: undefined until something else
 * fetched it. Args as in {@link useDLE}.
 *
 * @example
 * readonly cached = useCache(TodoResource.get, { id: 1 });
 * // template: {{ cached()?.title ?? 'not loaded' }}
 */
export function useCache<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Signal<ResolveType<E> | undefined> {
  const { snapshot } = bindEndpoint(injectClient('useCache'), ObserveModes.cache, endpoint, args, 'useCache');
  return computed(() => snapshot().data);
}
