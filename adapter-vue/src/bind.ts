import { readAsync, adapterError, isDevelopment, readKey, resolveArgs, type Client, type EndpointLike, type EndpointObserver, type ObserveOptions, type ObserverSnapshot, type ResolveType } from '@resto/core';
import { getCurrentInstance, getCurrentScope, inject, onScopeDispose, onServerPrefetch, shallowRef, ssrContextKey, toValue, watch, type MaybeRefOrGetter, type ShallowRef } from 'vue';

type Params<E> = E extends (...args: infer A) => any ? A : never;
// A type parameter, so the mapping keeps tuples (and their optional members) tuples.
type MapArgs<A extends readonly unknown[]> = { [K in keyof A]: MaybeRefOrGetter<A[K] | (K extends '0' ? null : never)> };

/**
 * An endpoint's call arguments where each may be a ref or a getter. A `null`
 * first argument (or a getter returning `null`) switches the read off.
 *
 * @example
 * const id = ref(1);
 * useDLE(TodoResource.get, () => ({ id: id.value }));
 * useDLE(TodoResource.get, () => (id.value ? { id: id.value } : null));
 */
export type ReactiveArgs<E> = MapArgs<Params<E>> | readonly [MaybeRefOrGetter<null>];

/**
 * True for a server-mode client, and while `renderToString` renders the current
 * component (it provides the SSR context) whatever the client: a server render
 * never unmounts, so a read must not subscribe there. @internal
 */
export function isServerRender(client: Client): boolean {
  return client.ssr || (getCurrentInstance() !== null && inject(ssrContextKey, null) !== null);
}

/**
 * The error of a composable called with no scope to end its subscription. @internal
 *
 * @example
 * if (!getCurrentScope()) throw outsideSetup('useQuery');
 */
export const outsideSetup = (hook: string): Error =>
  adapterError(`${hook}()`, 'called outside setup()', isDevelopment && 'call it in setup(), <script setup> or inside an effectScope()', 31);

/** What {@link bindEndpoint} gives a composable. */
export interface Bound<E extends EndpointLike> {
  /** The observer of the current key; replaced when the args change. */
  readonly observer: ShallowRef<EndpointObserver<E>>;
  /** Its snapshot, replaced (never mutated) on every change. */
  readonly snapshot: ShallowRef<ObserverSnapshot<ResolveType<E>>>;
}

/** What a composable binds: `{ subscribe, getSnapshot }` (an EndpointObserver, a PaginationObserver). */
interface Observable<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/**
 * The one piece every composable over an observer shares: resolve the args,
 * make an observer for their key, keep its snapshot in a shallowRef, swap
 * observers when the key changes, and let go when the scope ends. During a server
 * render it subscribes to nothing (the render never unmounts) and `onServer` may
 * make the render wait. @internal
 */
export function bindObserver<O extends Observable<S>, S>(
  client: Client,
  endpoint: EndpointLike,
  args: readonly unknown[],
  hook: string,
  make: (resolved: readonly unknown[] | null) => O,
  onServer?: (observer: O, snapshot: ShallowRef<S>) => void,
): { readonly observer: ShallowRef<O>; readonly snapshot: ShallowRef<S> } {
  if (!getCurrentScope()) {
    // Without a scope nothing would ever unsubscribe: a leak, so refuse early.
    throw outsideSetup(hook);
  }
  let resolved: readonly unknown[] | null = null;
  // Tracks every ref/getter in args (core's rule, with refs); the watch re-runs only when the key differs.
  const keyOf = () => {
    resolved = resolveArgs(hook, args, (a) => toValue(a as MaybeRefOrGetter<unknown>));
    return readKey(endpoint, resolved);
  };
  const observer = shallowRef() as ShallowRef<O>;
  const snapshot = shallowRef() as ShallowRef<S>;
  if (isServerRender(client)) {
    // Args are read once: nothing changes them during a render.
    keyOf();
    const obs = make(resolved);
    observer.value = obs;
    snapshot.value = obs.getSnapshot();
    onServer?.(obs, snapshot);
    return { observer, snapshot };
  }
  let stop: (() => void) | undefined;
  // Synchronous: right after `id.value = 2` the refs show the new key's stored data (as
  // useQuery does). Reading starts no fetch: subscribing does, once per tick (below), so
  // changing two args in a row makes no request for the key in between.
  watch(
    keyOf,
    () => {
      const obs = make(resolved);
      observer.value = obs;
      snapshot.value = obs.getSnapshot();
    },
    { immediate: true, flush: 'sync' },
  );
  watch(
    observer,
    (obs) => {
      // Release the old key first: its fetch may be aborted and its data becomes collectable.
      stop?.();
      stop = obs.subscribe(() => {
        // Until this watcher runs again, a replaced observer must not show its key's data.
        if (observer.value === obs) snapshot.value = obs.getSnapshot();
      });
      snapshot.value = obs.getSnapshot();
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    stop?.();
    stop = undefined;
  });
  return { observer, snapshot };
}

/**
 * {@link bindObserver} for an endpoint read: on the server the render waits for
 * the data (onServerPrefetch) so the HTML shows it. @internal
 */
export function bindEndpoint<E extends EndpointLike>(
  client: Client,
  options: ObserveOptions,
  endpoint: E,
  args: readonly unknown[],
  hook: string,
): Bound<E> {
  return bindObserver<EndpointObserver<E>, ObserverSnapshot<ResolveType<E>>>(
    client,
    endpoint,
    args,
    hook,
    (resolved) => client.observeWith(options, endpoint, resolved),
    (obs, snapshot) => {
      if (options.fetch === false || !getCurrentInstance()) return;
      onServerPrefetch(async () => {
        // A failure is stored and shown by the snapshot; the render goes on.
        await readAsync(obs).catch(() => undefined);
        snapshot.value = obs.getSnapshot();
      });
    },
  );
}
