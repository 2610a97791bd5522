// Behind client.observe(): owns the sharing of subscribed reads (one observer per read:
// endpoint, key, mode), i.e. which observer `observe()` hands out, and the store's table
// of subscribed observers by key that decides it.
import type { EndpointLike } from '../state';
import { EndpointObserver, type ObserveOptions, type StoreLike } from './EndpointObserver';

/** Subscribed observers by store key (see {@link StoreLike.shared}). */
export type SharedReads = Map<string, EndpointObserver<any>[]>;

/** The subscribed observer reading `endpoint` at `key` the way `options` say (fetching or cache-only, polling or not). */
function find(store: StoreLike, key: string, endpoint: EndpointLike, options: ObserveOptions): EndpointObserver<any> | undefined {
  return store.shared
    ?.get(key)
    // Polling through the client's SubscriptionManager (`true`) and bringing its own (`PollingModes`) are two reads.
    ?.find((o) => o.endpoint === endpoint && (o.options.fetch !== false) === (options.fetch !== false) && (o.options.poll || false) === (options.poll || false));
}

/**
 * The subscribed observer of this read if there is one, else a new observer. The
 * same endpoint, key and mode make the same read: sharing it costs nothing observable,
 * and 10 readers of a key cost what one does.
 *
 * @example
 * const a = observeRead(store, TodoResource.get, [{ id: 1 }]);
 * a.subscribe(render);
 * observeRead(store, TodoResource.get, [{ id: 1 }]) === a; // true while a is subscribed
 */
export function observeRead<E extends EndpointLike>(
  store: StoreLike,
  endpoint: E,
  args: readonly unknown[] | null,
  options: ObserveOptions = {},
): EndpointObserver<E> {
  let key: string | undefined;
  if (store.shared && args !== null && args[0] !== null) {
    try {
      key = endpoint.key(...args);
    } catch {
      // the observer computes it again and reports it (as its error)
    }
    const found = key === undefined ? undefined : find(store, key, endpoint, options);
    if (found) return found;
  }
  // The key is computed once per observe(): a read's key builds its URL.
  return new EndpointObserver(store, endpoint, args, options, key);
}

/** Lists a newly subscribed observer as its read's, unless another already is. */
export function share(store: StoreLike, observer: EndpointObserver<any>): void {
  const { shared } = store;
  const key = observer.key;
  if (!shared || key === undefined) return;
  if (find(store, key, observer.endpoint, observer.options)) return;
  const reads = shared.get(key);
  if (reads) reads.push(observer);
  else shared.set(key, [observer]);
}

/** Unlists an observer whose last listener left. */
export function unshare(store: StoreLike, observer: EndpointObserver<any>): void {
  const reads = observer.key === undefined ? undefined : store.shared?.get(observer.key);
  if (!reads?.includes(observer)) return;
  if (reads.length === 1) store.shared!.delete(observer.key!);
  else reads.splice(reads.indexOf(observer), 1);
}
