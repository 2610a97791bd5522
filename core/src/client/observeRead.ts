// Behind client.observe(): which observer `observe()` hands out, the subscribed one of
// the same read (endpoint, key, mode) when there is one (the reader index lists the readers of each key).
import type { EndpointLike } from '../state';
import { EndpointObserver, findShared, type ObserveOptions, type StoreLike } from './EndpointObserver';

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
  // The key is computed once per observe() (a read's key builds its URL): the new observer's.
  const observer = new EndpointObserver(store, endpoint, args, options);
  return (observer.key !== undefined && findShared(store, observer.key, endpoint, options)) || observer;
}
