import { PaginationObserver, type Client, type EndpointLike, type PaginationSnapshot } from '@resto/core';
import { EndpointBinding, type Args } from './bind';
import type { Host } from './context';

/**
 * `usePagination`: the "load more" side of an infinite list read by another
 * controller: `hasMore`, `next`, `loading`, `error` and `loadMore()` for the same
 * endpoint and args. The list needs a `paginationField` (so it has `getPage`);
 * `loading`/`error` are those of `loadMore`, which never rejects.
 *
 * @example
 * class Posts extends LitElement {
 *   private posts = new DLEController(this, PostResource.getList);
 *   private pages = new PaginationController(this, PostResource.getList);
 *   render() {
 *     return html`<ul>${this.posts.data?.map((p) => html`<li>${p.title}</li>`)}</ul>
 *       ${this.pages.hasMore ? html`<button ?disabled=${this.pages.loading} @click=${this.pages.loadMore}>Load more</button>` : 'All loaded'}`;
 *   }
 * }
 */
export class PaginationController<E extends EndpointLike> extends EndpointBinding<PaginationObserver<E>> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'usePagination', endpoint, args);
  }

  protected open(client: Client, args: readonly unknown[] | null): PaginationObserver<E> {
    return new PaginationObserver(client, this.endpoint as E, args);
  }

  /** A next page exists. */
  get hasMore(): boolean {
    return this.source.getSnapshot().hasMore;
  }

  /** The next page's value of the pagination field, or undefined at the end. */
  get next(): string | number | undefined {
    return this.source.getSnapshot().next;
  }

  /** A `loadMore()` runs. */
  get loading(): boolean {
    return this.source.getSnapshot().loading;
  }

  /** Why the last `loadMore()` failed; cleared by the next one. */
  get error(): PaginationSnapshot['error'] {
    return this.source.getSnapshot().error;
  }

  /** Fetches the next page (same args); a no-op at the end or while one loads. Never rejects. */
  loadMore = (): Promise<void> => this.source.loadMore();
}
