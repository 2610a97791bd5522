import { PaginationObserver, readKey, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { createMemo, untrack, type Accessor } from 'solid-js';
import { bind, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * What {@link usePagination} returns: accessors, and the "load more" call.
 *
 * @example
 * const { hasMore, loading, loadMore }: Pagination = usePagination(PostResource.getList);
 */
export interface Pagination {
  readonly hasMore: Accessor<boolean>;
  readonly next: Accessor<string | number | undefined>;
  readonly loading: Accessor<boolean>;
  readonly error: Accessor<PaginationSnapshot['error']>;
  /** Fetches the next page through the list's `getPage` (same args); a no-op with no next page or while one loads. */
  loadMore(): Promise<void>;
}

/**
 * The "load more" side of an infinite list read by `useDLE`/`useSuspense`:
 * `hasMore`, `next`, `loading`, `error` and `loadMore()` for the same endpoint and
 * args (values or accessors; `null` switches it off). The list needs a
 * `paginationField` (so it has `getPage`); `nextPage` on the resource decides when
 * the list ends. `loading`/`error` are those of `loadMore`, which never rejects.
 *
 * @example
 * const posts = useSuspense(PostResource.getList);
 * const { hasMore, loading, loadMore } = usePagination(PostResource.getList);
 * return <Show when={hasMore()} fallback={<p>All loaded</p>}><button disabled={loading()} onClick={loadMore}>Load more</button></Show>;
 */
export function usePagination<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Pagination {
  const client = useClient();
  const { source, snapshot } = bind<PaginationObserver<E>>(
    (a) => new PaginationObserver(client, endpoint, a),
    (a) => readKey(endpoint, a),
    args,
    'usePagination',
  );
  const hasMore = createMemo(() => snapshot().hasMore);
  const next = createMemo(() => snapshot().next);
  const loading = createMemo(() => snapshot().loading);
  const error = createMemo(() => snapshot().error);
  return { hasMore, next, loading, error, loadMore: () => untrack(source).loadMore() };
}
