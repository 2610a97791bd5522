// Behind client.observe(): which observer `observe()` hands out, the subscribed one of
// the same read (endpoint, key, mode) when there is one (sharedReads.ts lists them).
import type { EndpointLike } from '../state';
import { EndpointObserver, type ObserveOptions, type StoreLike } from './EndpointObserver';
import { find } from './sharedReads';

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
  if (args !== null && args[0] !== null) {
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
