import { ObserveModes, type EndpointLike, type ObserverSnapshot, type ResolveType } from '@resto/core';
import type { Args, ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/**
 * Data, loading and error of an endpoint read, without suspending: fetches when
 * the data is missing or stale and shows stale data while it revalidates.
 * Args may be values, `null` (skip) or a getter of either, so runes state re-keys the read.
 *
 * @example
 * <script>
 *   let { id } = $props();
 *   const todo = useDLE(TodoResource.get, () => ({ id }));
 * </script>
 * {#if todo.current.error}{todo.current.error.message}
 * {:else if todo.current.loading && !todo.current.data}loading…
 * {:else}{todo.current.data.title}{/if}
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<ObserverSnapshot<ResolveType<E>>> {
  return readOf(bindEndpoint(ObserveModes.dle, endpoint, args, 'useDLE'), (o) => o.getSnapshot());
}
