import { PaginationObserver, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindObserver, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * What {@link usePagination} returns: readonly refs, and the "load more" call.
 *
 * @example
 * const { hasMore, loading, loadMore }: Pagination = usePagination(PostResource.getList);
 * // template: <button v-if="hasMore" :disabled="loading" @click="loadMore()">Load more</button>
 */
export interface Pagination {
  readonly hasMore: ComputedRef<boolean>;
  readonly next: ComputedRef<string | number | undefined>;
  readonly loading: ComputedRef<boolean>;
  readonly error: ComputedRef<PaginationSnapshot['error']>;
  /** Fetches the next page through the list's `getPage` (same args); a no-op with no next page or while one loads. */
  loadMore(): Promise<void>;
}

/**
 * The "load more" side of an infinite list read by `useDLE`/`useSuspense`: refs
 * `hasMore`, `next`, `loading`, `error` and `loadMore()` for the same endpoint and
 * args (refs or getters; `null` switches it off). The list needs a
 * `paginationField` (so it has `getPage`); `nextPage` on the resource decides when
 * the list ends. `loading`/`error` are those of `loadMore`, which never rejects.
 *
 * @example
 * const { data: posts } = useDLE(PostResource.getList);
 * const { hasMore, loading, loadMore } = usePagination(PostResource.getList);
 * // template: <button v-if="hasMore" :disabled="loading" @click="loadMore">Load more</button><p v-else>All loaded</p>
 */
export function usePagination<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Pagination {
  const client = useClient();
  const { observer, snapshot } = bindObserver<PaginationObserver<E>, PaginationSnapshot>(client, endpoint, args, 'usePagination', (resolved) => new PaginationObserver(client, endpoint, resolved));
  return {
    hasMore: computed(() => snapshot.value.hasMore),
    next: computed(() => snapshot.value.next),
    loading: computed(() => snapshot.value.loading),
    error: computed(() => snapshot.value.error),
    loadMore: () => observer.value.loadMore(),
  };
}
