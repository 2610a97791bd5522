import { ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { keepAlive, type Args, type ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/**
 * Polls an endpoint at its `pollFrequency` while the component is mounted, without
 * fetching on mount (pair it with a read). Returns the stored data as a read.
 *
 * @example
 * const todo = useSuspense(TodoResource.get, { id });
 * useSubscription(TodoResource.get.extend({ pollFrequency: 2000 }), { id });
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<ResolveType<E> | undefined> {
  const binding = bindEndpoint(ObserveModes.subscription, endpoint, args, 'useSubscription');
  keepAlive(binding);
  return readOf(binding, (o) => o.getSnapshot().data);
}
