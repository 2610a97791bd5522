import type { EndpointLike, ResolveType } from '@resto/core';
import { keepAlive, type Args } from './bind.svelte';
import { bindEndpoint, readOf, type Read } from './observe';

/**
 * Polls an endpoint at its `pollFrequency` while the component is mounted, without
 * fetching on mount (pair it with a read). Returns the stored data as a read.
 *
 * @example
 * const todo = useSuspense(TodoResource.get, { id });
 * useSubscription(TodoResource.get.extend({ pollFrequency: 2000 }), { id });
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: Args<E>): Read<ResolveType<E> | undefined>;
export function useSubscription<E extends EndpointLike>(
  endpoint: E,
  args: null | (() => Args<E> | null),
): Read<ResolveType<E> | undefined>;
export function useSubscription(endpoint: EndpointLike, ...args: unknown[]): Read<unknown> {
  const binding = bindEndpoint({ fetch: false, poll: true }, endpoint, args);
  keepAlive(binding);
  return readOf(binding, (o) => o.getSnapshot().data);
}
