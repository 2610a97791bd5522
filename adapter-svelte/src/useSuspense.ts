import { readAsync, type EndpointLike, type EndpointObserver, type ResolveType } from '@resto/core';
import { derive, type Args, type ArgsInput, type StoreSubscribe } from './bind.svelte.js';
import { bindEndpoint } from './observe.js';

/**
 * What `useSuspense` and `useLive` return: `current` (reactive under runes),
 * the store contract (`$todo`), and `promise` for `{#await}`.
 */
export interface Suspense<T> {
  /**
   * The data, or undefined while nothing usable is stored. Throws a stored error,
   * even over stale data, unless it is a soft one hidden behind usable data (core's
   * `observer.read()` rule; catch it with `<svelte:boundary>`).
   */
  readonly current: T | undefined;
  /**
   * For `{#await todo.promise}` and `await todo.promise`: a promise while nothing
   * usable is stored (first load, invalidation, new args), rejected with the error
   * when `current` would throw it, and the data itself once it is usable. A value that is not
   * a promise renders `{:then}` at once, so fresh data (a mutation, a revalidation)
   * updates the `{:then}` branch in place: no pending flash, no re-created rows.
   */
  readonly promise: T | Promise<T>;
  /** Store contract: `$todo` is the data (undefined while loading or failed). */
  subscribe: StoreSubscribe<T | undefined>;
  /** Fetches again now, whatever is stored. */
  refetch(): Promise<void>;
}

const noop = () => {};

/** The `{#await}` promise per observer: one per error and one per fetch it waits on. */
interface Promised {
  error?: [unknown, Promise<unknown>];
  pending?: [Promise<void>, Promise<unknown>];
}

/**
 * Core's `read()` in `{#await}` form: the data when ready (a value, not a resolved
 * promise: Svelte's `{#await}` may show `pending` for a tick on every new promise,
 * even a settled one, and rebuild `{:then}`), else one rejected promise per error and
 * one `readAsync()` per fetch.
 */
function promiseOf(o: EndpointObserver, cache: Promised): unknown {
  const r = o.read();
  if (r.status === 'ready') return r.data;
  if (r.status === 'error') {
    if (cache.error?.[0] !== r.error) {
      const rejected = Promise.reject(r.error);
      rejected.catch(noop); // an unread promise must not count as an unhandled rejection
      cache.error = [r.error, rejected];
    }
    return cache.error[1];
  }
  if (cache.pending?.[0] !== r.promise) {
    const waiting = readAsync(o);
    waiting.catch(noop);
    cache.pending = [r.promise, waiting];
  }
  return cache.pending[1];
}

/** Core's `read()` as `current` and `$store` want it: the data, undefined while pending. */
function dataOf<E extends EndpointLike>(o: EndpointObserver<E>): ResolveType<E> | undefined {
  const r = o.read();
  return r.status === 'ready' ? r.data : undefined;
}

/** Shared by useSuspense and useLive. */
export function suspenseOf<E extends EndpointLike>(binding: ReturnType<typeof bindEndpoint<E>>): Suspense<ResolveType<E>> {
  const caches = new WeakMap<object, Promised>();
  const cacheFor = (o: object) => {
    let c = caches.get(o);
    if (!c) caches.set(o, (c = {}));
    return c;
  };
  // A derived, so an await block re-runs only when the promise or data itself
  // changes, not on every snapshot change (loading flags, expiry).
  const promise = derive(() => {
    const o = binding.read();
    return promiseOf(o, cacheFor(o)) as ResolveType<E> | Promise<ResolveType<E>>;
  });
  return {
    get current() {
      const r = binding.read().read();
      if (r.status === 'error') throw r.error;
      return r.status === 'ready' ? r.data : undefined;
    },
    get promise() {
      return promise();
    },
    subscribe: binding.store(dataOf),
    refetch: () => binding.entry().source.refetch(),
  };
}

/**
 * Reads an endpoint, fetching when data is missing or stale (stale data shows
 * while it revalidates). Await it with `{#await}` or read `.current` / `$store`.
 * Args may be values, `null` (skip) or a getter of either, so runes state re-keys the read.
 *
 * @example
 * <script>
 *   let { id } = $props();
 *   const todo = useSuspense(TodoResource.get, () => ({ id }));
 * </script>
 * {#await todo.promise}
 *   loading…
 * {:then t}
 *   {t.title}
 * {:catch error}
 *   {error.status}
 * {/await}
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Suspense<ResolveType<E>> {
  // ObserveModes.suspense is the default read (`{}`): naming it would bring the table of
  // every mode into an app that only suspends.
  return suspenseOf(bindEndpoint({}, endpoint, args, 'useSuspense'));
}
