// Every adapter's `useFetch`: a function over an observer, so only an app that calls
// useFetch ships it.
import type { ResolveType } from '../controller';
import type { EndpointLike } from '../state';
import type { EndpointObserver } from './EndpointObserver';

/**
 * `useFetch` in every adapter: the promise of the fetch `observer`'s read needs,
 * resolving with the data (rejecting with the error, which is also stored), or
 * undefined when the data is fresh, an error is stored, or args are null. The same
 * promise while the same fetch runs. While subscribed the observer decides when to
 * fetch (it never loops on data that expires at once); before that, e.g. in React's
 * first render, this starts the fetch when data is missing or stale.
 *
 * @example
 * const pending = fetchIfNeeded(client.observe(TodoResource.get, { id: 2 }));
 * await pending; // the todo, or undefined at once when it is fresh
 */
export function fetchIfNeeded<E extends EndpointLike>(observer: EndpointObserver<E>): (Promise<ResolveType<E>> & { resolved: boolean }) | undefined {
  const { args } = observer;
  if (!args) return;
  if (!observer.running() && !observer.listenerCount) {
    const { data, error, stale } = observer.getSnapshot();
    if (!error && (data === undefined || stale)) observer.fetch();
  }
  const request = observer.running();
  if (!request) return;
  // data-client's useFetch promise says whether it settled: marked once per request's result.
  const result = observer.store.controller.resultOf(request, observer.endpoint, args) as Promise<ResolveType<E>> & { resolved: boolean };
  if (result.resolved === undefined) {
    result.resolved = false;
    const settled = () => void (result.resolved = true);
    result.then(settled, settled);
  }
  return result;
}
