import { ObserveModes, type EndpointLike } from '@resto/core';
import { keepAlive, type Args, type ArgsInput } from './bind.svelte';
import { bindEndpoint, readOf, type Read } from './observe';

/**
 * Fetches an endpoint when its data is missing or stale, while the component is
 * mounted, without reading the data (read it with `useCache`/`useQuery`). `current`
 * is the promise of the running fetch, or undefined when the data is fresh.
 *
 * @example
 * useFetch(TodoResource.getList);
 * const todos = useCache(TodoResource.getList);
 */
export function useFetch<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<Promise<void> | undefined> {
  const binding = bindEndpoint(ObserveModes.fetch, endpoint, args);
  keepAlive(binding);
  return readOf(binding, (o) => (o.getSnapshot().loading ? o.promise() : undefined));
}
