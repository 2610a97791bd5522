// The "load more" side of an infinite list: where the list stands (hasMore, next) and
// the state of its own loadMore() calls. The items are the list's own read
// (EndpointObserver); where a list stands is recorded in its meta by state/pageInfo.ts.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
import { Subscribable } from '../environment';
import { getPageInfo, type EndpointLike, type PageInfo } from '../state';
import type { StatusError } from './args';
import type { StoreLike } from './EndpointObserver';

/**
 * What an infinite list shows besides its items: where it stands and how the last "load more" went.
 *
 * @example
 * const { hasMore, loading, error } = pages.getSnapshot();
 * button.hidden = !hasMore;
 * button.disabled = loading;
 * message.textContent = error ? error.message : '';
 */
export interface PaginationSnapshot extends PageInfo {
  /** A `loadMore()` of this observer is running. */
  readonly loading: boolean;
  /** Why the last `loadMore()` failed; cleared by the next one. */
  readonly error: StatusError | undefined;
}

const SETTLED = Promise.resolve();

interface PageEndpoint extends EndpointLike {
  readonly paginationField?: string;
}

/**
 * The "load more" side of an infinite list: `{ subscribe, getSnapshot }` over
 * `{ hasMore, next, loading, error }` for one list (an endpoint and its args, as
 * given to `observe`), and `loadMore()`, which fetches the next page through the
 * list's `getPage` with the same args. `loadMore()` does nothing when there is no
 * next page or one is already loading (it returns that load), and never rejects:
 * a failure is the snapshot's `error`. The items themselves are the list's own
 * read (`client.observe(list, ...args)`); every adapter's `usePagination` binds to this.
 *
 * @example
 * const pages = new PaginationObserver(client, PostResource.getList, [{ userId: 1 }]);
 * pages.subscribe(() => {
 *   const { hasMore, loading } = pages.getSnapshot();
 *   button.hidden = !hasMore;
 *   button.disabled = loading;
 * });
 * button.onclick = () => pages.loadMore();
 */
export class PaginationObserver<E extends EndpointLike = EndpointLike> extends Subscribable {
  readonly endpoint: E;
  /** `null` for a list that is switched off: nothing to load. */
  readonly args: readonly unknown[] | null;
  private readonly store: StoreLike;
  private readonly getPage: PageEndpoint;
  private snapshot: PaginationSnapshot | undefined;
  private pending: Promise<void> | undefined;
  private error: StatusError | undefined;
  private unsubscribeStore: (() => void) | undefined;

  constructor(store: StoreLike, endpoint: E, args: readonly unknown[] | null) {
    const getPage = (endpoint as { getPage?: PageEndpoint }).getPage;
    if (typeof getPage !== 'function' || typeof getPage.paginationField !== 'string') {
      throw new TypeError(
        DEV
          ? `${endpoint.name}: loading more needs getPage, which exists only with the paginationField option (e.g. resource({ ..., paginationField: 'page' }))`
          : `${endpoint.name}: no getPage${errorCode(12)}`,
      );
    }
    super();
    this.store = store;
    this.endpoint = endpoint;
    this.getPage = getPage;
    this.args = args === null || args[0] === null ? null : args;
  }

  protected override onFirst() {
    this.unsubscribeStore = this.store.subscribe(this.refresh);
  }

  protected override onLast() {
    this.unsubscribeStore?.();
    this.unsubscribeStore = undefined;
  }

  /** `{ hasMore, next, loading, error }`; the same object until one of them changes. */
  getSnapshot = (): PaginationSnapshot => {
    const info = this.pageInfo();
    const loading = this.pending !== undefined;
    const prev = this.snapshot;
    if (prev && prev.hasMore === info.hasMore && prev.next === info.next && prev.loading === loading && prev.error === this.error) {
      return prev;
    }
    return (this.snapshot = { hasMore: info.hasMore, next: info.next, loading, error: this.error });
  };

  /**
   * Fetches the next page (the list's `getPage` with the same args and the next
   * page or cursor); it is appended to the list. Resolves when it is stored or
   * failed.
   */
  loadMore = (): Promise<void> => {
    if (this.pending) return this.pending;
    const { hasMore, next } = this.pageInfo();
    if (this.args === null || !hasMore) return SETTLED;
    const [params, ...rest] = this.args;
    const pageArgs = [{ ...(params as object | undefined), [this.getPage.paginationField!]: next }, ...rest];
    this.error = undefined;
    const run = this.store.controller.fetch(this.getPage, ...pageArgs).then(
      () => undefined,
      (error: unknown) => {
        this.error = error as StatusError;
      },
    );
    this.pending = run.then(() => {
      this.pending = undefined;
      this.refresh();
    });
    this.refresh();
    return this.pending;
  };

  private pageInfo(): PageInfo {
    return this.args === null
      ? getPageInfo(this.endpoint, null, this.store.getSnapshot())
      : getPageInfo(this.endpoint, ...this.args, this.store.getSnapshot());
  }

  /** Notify when the snapshot changed. */
  private readonly refresh = () => {
    const prev = this.snapshot;
    if (this.getSnapshot() === prev) return;
    this.notify();
  };
}
