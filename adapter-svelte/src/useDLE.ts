import { ObserveModes, type EndpointLike, type ObserverSnapshot, type ResolveType } from '@resto/core';
import type { Args, ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/** What `useDLE` returns: the snapshot as a read (`current`, `$dle`), and a refetch like every adapter's. */
export interface DLE<T> extends Read<ObserverSnapshot<T>> {
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

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
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): DLE<ResolveType<E>> {
  const binding = bindEndpoint(ObserveModes.dle, endpoint, args, 'useDLE');
  const read = readOf(binding, (o) => o.getSnapshot());
  return {
    get current() {
      return read.current;
    },
    subscribe: read.subscribe,
    refetch: () => binding.entry().source.refetch(),
  };
}
