import type { EndpointLike, EndpointObserver, ObserverSnapshot, ResolveType } from '@resto/core';
import type { Args, StoreSubscribe } from './bind.svelte';
import { bindEndpoint } from './observe';

/**
 * What `useSuspense` and `useLive` return: `current` (reactive under runes),
 * the store contract (`$todo`), and a promise of the data for `{#await}`.
 */
export interface Suspense<T> extends PromiseLike<T> {
  /**
   * The data, or undefined while nothing usable is stored. Throws the error when
   * the read failed with no data to show (catch it with `<svelte:boundary>`).
   */
  readonly current: T | undefined;
  /**
   * Settles with the data (or rejects with the error). While data is usable it is
   * an already-resolved promise of the latest data, so `{#await todo.promise then t}`
   * keeps showing fresh data without a pending flash; it is pending only while
   * nothing usable is stored (first load, invalidation, new args).
   */
  readonly promise: Promise<T>;
  /** Store contract: `$todo` is the data (undefined while loading or failed). */
  subscribe: StoreSubscribe<T | undefined>;
  /** Fetches again now, whatever is stored. */
  refetch(): Promise<void>;
}

const noop = () => {};

interface Promised {
  data?: [unknown, Promise<unknown>];
  error?: [unknown, Promise<unknown>];
  pending?: Promise<unknown>;
}

/** One promise per data value, per error, per loading episode: await blocks stay calm. */
function promiseOf(o: EndpointObserver, cache: Promised, snap: ObserverSnapshot): Promise<unknown> {
  if (snap.data !== undefined) {
    if (cache.data?.[0] !== snap.data) cache.data = [snap.data, Promise.resolve(snap.data)];
    return cache.data[1];
  }
  if (snap.error) {
    if (cache.error?.[0] !== snap.error) {
      const rejected = Promise.reject(snap.error);
      rejected.catch(noop); // an unread promise must not count as an unhandled rejection
      cache.error = [snap.error, rejected];
    }
    return cache.error[1];
  }
  if (o.args === null) return Promise.resolve(undefined);
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
  return {
    get current() {
      const snap = binding.read().getSnapshot();
      if (snap.data === undefined && snap.error) throw snap.error;
      return snap.data;
    },
    get promise() {
      const o = binding.read();
      return promiseOf(o, cacheFor(o), o.getSnapshot()) as Promise<ResolveType<E>>;
    },
    then(onfulfilled, onrejected) {
      return this.promise.then(onfulfilled, onrejected);
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
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: Args<E>): Suspense<ResolveType<E>>;
export function useSuspense<E extends EndpointLike>(
  endpoint: E,
  args: null | (() => Args<E> | null),
): Suspense<ResolveType<E>>;
export function useSuspense(endpoint: EndpointLike, ...args: unknown[]): Suspense<unknown> {
  return suspenseOf(bindEndpoint({}, endpoint, args));
}
