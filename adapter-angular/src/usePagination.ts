import { PaginationObserver, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindArgs, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * What {@link usePagination} returns.
 *
 * @example
 * const pages: Pagination = usePagination(PostResource.getList);
 * if (pages.hasMore()) await pages.loadMore();
 */
export interface Pagination {
  readonly hasMore: Signal<boolean>;
  readonly next: Signal<string | number | undefined>;
  readonly loading: Signal<boolean>;
  readonly error: Signal<PaginationSnapshot['error']>;
  /** Fetches the next page through the list's `getPage` (same args); a no-op with no next page or while one loads. */
  loadMore(): Promise<void>;
}

/**
 * Next-page state of a paginated list read (the list itself comes from another read).
 *
 * @example
 * readonly todos = useSuspense(TodoResource.getList);
 * readonly pages = usePagination(TodoResource.getList);
 * // template: @if (pages.hasMore()) { <button (click)="pages.loadMore()" [disabled]="pages.loading()">More</button> }
 */
export function usePagination<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Pagination {
  const client = injectClient('usePagination');
  const { observer, snapshot } = bindArgs<PaginationObserver<E>, PaginationSnapshot>(endpoint, args, 'usePagination', (resolved) => new PaginationObserver(client, endpoint, resolved));
  return {
    hasMore: computed(() => snapshot().hasMore),
    next: computed(() => snapshot().next),
    loading: computed(() => snapshot().loading),
    error: computed(() => snapshot().error),
    loadMore: () => observer().loadMore(),
  };
}
