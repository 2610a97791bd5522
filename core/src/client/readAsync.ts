// `read()` as a promise: a function over an observer, so only an app (or adapter) that
// awaits reads ships it.
import type { ResolveType } from '../controller';
import type { EndpointLike } from '../state';
import type { EndpointObserver } from './EndpointObserver';

/**
 * `observer.read()` as a promise, for `await` (Vue's async setup) and `{#await}`
 * (Svelte): resolves with the data once usable, rejects with the error. Resolves with
 * `undefined` when the fetch ended with nothing usable (aborted, or data that expires
 * at once) rather than fetching again in a loop; an answer that predates an
 * invalidation is asked again.
 *
 * @example
 * const todo = await readAsync(client.observe(TodoResource.get, { id: 1 }));
 */
export async function readAsync<E extends EndpointLike>(observer: EndpointObserver<E>): Promise<ResolveType<E> | undefined> {
  for (;;) {
    const r = observer.read();
    if (r.status === 'error') throw r.error;
    if (r.status === 'ready') return r.data;
    await r.promise;
    // Wait again only while loading: a fetch runs, or the one that ended answered for
    // data invalidated since (the next promise() asks again).
    const { loading, data, error } = observer.getSnapshot();
    if (!loading && !error) return data;
  }
}
