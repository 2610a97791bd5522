import { PaginationObserver, readKey, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { bind, type Args, type ArgsInput } from './bind.svelte.js';
import { getClient } from './context.js';
import { readOf, type Read } from './observe.js';

/**
 * What `usePagination` returns: where the list stands as a read (`current`, `$pages`), and the "load more" call.
 *
 * @example
 * const pages: Pagination = usePagination(PostResource.getList);
 * // {#if pages.current.hasMore}<button onclick={() => pages.loadMore()}>Load more</button>{/if}
 */
export interface Pagination extends Read<PaginationSnapshot> {
  /** Fetches the next page through the list's `getPage` (same args); a no-op with no next page or while one loads. */
  loadMore(): Promise<void>;
}

/**
 * The "load more" side of an infinite list read by `useDLE`/`useSuspense`:
 * `current` is `{ hasMore, next, loading, error }` for the same endpoint and args
 * (values or getters; `null` switches it off), `loadMore()` fetches the next page.
 * The list needs a `paginationField` (so it has `getPage`); `nextPage` on the
 * resource decides when the list ends. `loading`/`error` are those of
 * `loadMore`, which never rejects.
 *
 * @example
 * <script>
 *   const posts = useDLE(PostResource.getList);
 *   const pages = usePagination(PostResource.getList);
 * </script>
 * {#if pages.current.hasMore}
 *   <button disabled={pages.current.loading} onclick={pages.loadMore}>Load more</button>
 * {:else}<p>All loaded</p>{/if}
 */
export function usePagination<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Pagination {
  const client = getClient();
  const binding = bind(
    (resolved) => new PaginationObserver(client, endpoint, resolved),
    (resolved) => readKey(endpoint, resolved),
    args,
    'usePagination',
  );
  const read = readOf(binding, (o) => o.getSnapshot());
  return {
    get current() {
      return read.current;
    },
    subscribe: read.subscribe,
    loadMore: () => binding.entry().source.loadMore(),
  };
}
