import { fetchIfNeeded, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { keepAlive, type Args, type ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/**
 * Fetches an endpoint when its data is missing or stale, while the component is
 * mounted, without reading the data (read it with `useCache`/`useQuery`). `current`
 * is the promise of the running fetch, resolving with the data, or undefined when
 * the data is fresh: core's `fetchIfNeeded(observer)`, the same in every adapter.
 *
 * @example
 * useFetch(TodoResource.getList);
 * const todos = useCache(TodoResource.getList);
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<(Promise<ResolveType<E>> & { resolved: boolean }) | undefined> {
  const binding = bindEndpoint(ObserveModes.fetch, endpoint, args, 'useFetch');
  keepAlive(binding);
  return readOf(binding, (o) => fetchIfNeeded(o));
}
