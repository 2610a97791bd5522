import { adapterError, PaginationObserver, resolveArgs, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { computed, getCurrentScope, onScopeDispose, shallowRef, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type ShallowRef } from 'vue';
import { isServerRender, type ReactiveArgs } from './bind';
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
  if (!getCurrentScope()) {
    throw adapterError('usePagination()', 'called outside setup()', 'call it in setup(), <script setup> or inside an effectScope()');
  }
  let resolved: readonly unknown[] | null = null;
  const keyOf = () => {
    resolved = resolveArgs('usePagination', args, (a) => toValue(a as MaybeRefOrGetter<unknown>));
    return resolved === null ? null : endpoint.key(...resolved);
  };
  const observer = shallowRef() as ShallowRef<PaginationObserver<E>>;
  const snapshot = shallowRef() as ShallowRef<PaginationSnapshot>;
  if (isServerRender(client)) {
    // A server render never unmounts: read once, subscribe to nothing.
    keyOf();
    observer.value = new PaginationObserver(client, endpoint, resolved);
    snapshot.value = observer.value.getSnapshot();
  } else {
    let stop: (() => void) | undefined;
    watch(
      keyOf,
      () => {
        stop?.();
        const obs = new PaginationObserver(client, endpoint, resolved);
        observer.value = obs;
        stop = obs.subscribe(() => {
          snapshot.value = obs.getSnapshot();
        });
        snapshot.value = obs.getSnapshot();
      },
      { immediate: true },
    );
    onScopeDispose(() => {
      stop?.();
      stop = undefined;
    });
  }
  return {
    hasMore: computed(() => snapshot.value.hasMore),
    next: computed(() => snapshot.value.next),
    loading: computed(() => snapshot.value.loading),
    error: computed(() => snapshot.value.error),
    loadMore: () => observer.value.loadMore(),
  };
}
