import { useMemo, useSyncExternalStore } from 'react';
import { PaginationObserver, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import type { HookArgs } from './types';
import { useKeyedObserver } from './useObserver';

/**
 * What `usePagination` returns in every adapter: where the list stands, and the "load more" call.
 *
 * @example
 * const { hasMore, loading, loadMore }: Pagination = usePagination(PostResource.getList);
 */
export interface Pagination extends PaginationSnapshot {
  /** Fetches the next page through the list's `getPage` (same args); a no-op with no next page or while one loads. */
  loadMore(): Promise<void>;
}

/**
 * The "load more" side of an infinite list read by `useDLE`/`useSuspense`:
 * `{ hasMore, next, loading, error, loadMore }` for the same endpoint and args.
 * The list needs a `paginationField` (so it has `getPage`); `nextPage` on the
 * resource decides when the list ends. `loading`/`error` are those of
 * `loadMore`, which never rejects. The object keeps its identity until a field changes.
 *
 * @example
 * const posts = useSuspense(PostResource.getList);
 * const { hasMore, loading, loadMore } = usePagination(PostResource.getList);
 * {hasMore ? <button disabled={loading} onClick={loadMore}>Load more</button> : <p>All loaded</p>}
 */
export function usePagination<E extends EndpointLike>(endpoint: E, ...args: HookArgs<E>): Pagination {
  const observer = useKeyedObserver(endpoint, args, 'usePagination', (client, resolved) => new PaginationObserver(client, endpoint, resolved));
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
  return useMemo(() => ({ ...snapshot, loadMore: observer.loadMore }), [snapshot, observer]);
}
