// Behind client.observe(): which observer `observe()` hands out, the subscribed one of
// the same read (endpoint, key, mode) when there is one (the reader index lists the readers of each key).
import type { EndpointObserver } from './EndpointObserver';

/**
 * The subscribed observer of the same read as `observer` if there is one, else
 * `observer` (new, not subscribed yet). The same endpoint, key and mode (fetching or
 * cache-only, polling or not) make the same read: sharing it costs nothing observable,
 * and 10 readers of a key cost what one does.
 *
 * @example
 * const a = observeRead(new EndpointObserver(store, TodoResource.get, [{ id: 1 }]));
 * a.subscribe(render);
 * observeRead(new EndpointObserver(store, TodoResource.get, [{ id: 1 }])) === a; // true while a is subscribed
 */
export function observeRead<E extends EndpointObserver<any>>(observer: E): E {
  // The key is computed once per observe() (a read's key builds its URL): the new observer's.
  const { store, key, endpoint, options } = observer;
  // Only endpoint reads register under a key (a query's reads have none); no key lists no one.
  for (const o of store.readers.readersOf(key!) as Iterable<E>)
    if (
      // A read waiting in promise() with no listener is never handed out twice.
      o.listenerCount &&
      o.endpoint === endpoint &&
      (o.options.fetch !== false) === (options.fetch !== false) &&
      // Polling through the client's SubscriptionManager (`true`) and bringing its own (`PollingModes`) are two reads.
      (o.options.poll || false) === (options.poll || false)
    )
      return o;
  return observer;
}
