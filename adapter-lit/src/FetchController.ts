import { fetchIfNeeded, ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/**
 * `useFetch`: fetches an endpoint when its data is missing or stale, without
 * showing it (read it with another controller). `value` is the running fetch's
 * promise, resolving with the data, or undefined when nothing runs: core's
 * `fetchIfNeeded(observer)`, the same in every adapter.
 *
 * @example
 * // Prefetch the next page while the user reads this one.
 * private next = new FetchController(this, TodoResource.getList, () => ({ page: this.page + 1 }));
 */
export class FetchController<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useFetch', ObserveModes.fetch, endpoint, args);
  }

  /** The running fetch, or undefined. */
  get value(): (Promise<ResolveType<E>> & { resolved: boolean }) | undefined {
    return fetchIfNeeded(this.source);
  }
}
