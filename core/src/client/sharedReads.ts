// The store's table of subscribed observers by key: which observer of a read (endpoint,
// key, mode) is listed, so that `observe()` of the same read hands it out (observeRead.ts).
import type { EndpointLike } from '../state';
import type { EndpointObserver, ObserveOptions, StoreLike } from './EndpointObserver';

/** Subscribed observers by store key (see {@link StoreLike.shared}). */
export type SharedReads = Map<string, EndpointObserver<any>[]>;

/** The subscribed observer reading `endpoint` at `key` the way `options` say (fetching or cache-only, polling or not). */
export function find(store: StoreLike, key: string, endpoint: EndpointLike, options: ObserveOptions): EndpointObserver<any> | undefined {
  return store.shared
    .get(key)
    // Polling through the client's SubscriptionManager (`true`) and bringing its own (`PollingModes`) are two reads.
    ?.find((o) => o.endpoint === endpoint && (o.options.fetch !== false) === (options.fetch !== false) && (o.options.poll || false) === (options.poll || false));
}

/** Lists a newly subscribed observer as its read's, unless another already is. */
export function share(store: StoreLike, observer: EndpointObserver<any>): void {
  const { shared } = store;
  const key = observer.key;
  if (key === undefined) return;
  if (find(store, key, observer.endpoint, observer.options)) return;
  const reads = shared.get(key);
  if (reads) reads.push(observer);
  else shared.set(key, [observer]);
}

/** Unlists an observer whose last listener left. */
export function unshare(store: StoreLike, observer: EndpointObserver<any>): void {
  const reads = observer.key === undefined ? undefined : store.shared.get(observer.key);
  if (!reads?.includes(observer)) return;
  if (reads.length === 1) store.shared.delete(observer.key!);
  else reads.splice(reads.indexOf(observer), 1);
}
