import type { EndpointLike, EndpointObserver, ObserverSnapshot, ResolveType } from '@resto/core';
import { derive, type Args, type ArgsInput, type StoreSubscribe } from './bind.svelte';
import { bindEndpoint } from './observe';

/**
 * What `useSuspense` and `useLive` return: `current` (reactive under runes),
 * the store contract (`$todo`), and `promise` for `{#await}`.
 */
export interface Suspense<T> {
  /**
   * The data, or undefined while nothing usable is stored. Throws the error when
   * the read failed with no data to show (catch it with `<svelte:boundary>`).
   */
  readonly current: T | undefined;
  /**
   * For `{#await todo.promise}` and `await todo.promise`: a promise while nothing
   * usable is stored (first load, invalidation, new args), rejected with the error
   * when the read failed, and the data itself once it is usable. A value that is not
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

interface Promised {
  error?: [unknown, Promise<unknown>];
  pending?: Promise<unknown>;
}

/**
 * The data when usable; otherwise one promise per error and per loading episode.
 * Why not a resolved promise for data: Svelte's `{#await}` may show `pending` for a
 * tick on every new promise, even a settled one, and rebuild `{:then}`.
 */
function promiseOf(o: EndpointObserver, cache: Promised, snap: ObserverSnapshot): unknown {
  if (snap.data !== undefined) return snap.data;
  if (snap.error) {
    if (cache.error?.[0] !== snap.error) {
      const rejected = Promise.reject(snap.error);
      rejected.catch(noop); // an unread promise must not count as an unhandled rejection
      cache.error = [snap.error, rejected];
    }
    return cache.error[1];
  }
  if (o.args === null) return undefined;
  if (!cache.pending) {
    const pending = o.promise().then(() => {
      if (cache.pending === pending) cache.pending = undefined;
      const s = o.getSnapshot();
      if (s.data === undefined && s.error) throw s.error;
      return s.data;
    });
    pending.catch(noop);
    cache.pending = pending;
  }
  return cache.pending;
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
    return promiseOf(o, cacheFor(o), o.getSnapshot()) as ResolveType<E> | Promise<ResolveType<E>>;
  });
  return {
    get current() {
      const snap = binding.read().getSnapshot();
      if (snap.data === undefined && snap.error) throw snap.error;
      return snap.data;
    },
    get promise() {
      return promise();
    },
    subscribe: binding.store((o) => o.getSnapshot().data),
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
 *   const todo = useSuspense(TodoResource.get, () => [{ id }]);
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
  return suspenseOf(bindEndpoint({}, endpoint, args));
}
