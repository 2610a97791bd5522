import { ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { Args, ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/**
 * The stored data of an endpoint, never fetching: undefined until something else
 * fetched it (or when it is invalid). Args as in `useDLE`.
 *
 * @example
 * const me = useCache(UserResource.get, { id: 'me' });
 * {#if me.current}Hi {me.current.name}{/if}
 */
export function useCache<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<ResolveType<E> | undefined> {
  return readOf(bindEndpoint(ObserveModes.cache, endpoint, args, 'useCache'), (o) => o.getSnapshot().data);
}
