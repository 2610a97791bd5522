import { readKey, resolveArgs, type ArgsInput as CoreArgsInput, type Client, type EndpointArgs, type EndpointLike, type EndpointObserver, type ObserveOptions } from '@resto/core';
import { createComputed, createMemo, createSignal, onCleanup, untrack, type Accessor } from 'solid-js';
import { isServer } from 'solid-js/web';

/**
 * A read's arguments after the endpoint: each a value or an accessor (a signal, a
 * memo, `() => ({ id: props.id })`), re-read when the signals it reads change.
 * `null`, or an accessor returning `null`, switches the read off.
 *
 * @example
 * const [id, setId] = createSignal(1);
 * useDLE(TodoResource.get, { id: 1 });
 * useDLE(TodoResource.get, () => ({ id: id() }));
 * useDLE(TodoResource.get, () => (id() ? { id: id() } : null));
 */
export type ReactiveArgs<E> = CoreArgsInput<EndpointArgs<E>>;

/**
 * What a primitive binds: `{ subscribe, getSnapshot }` (an EndpointObserver, a QueryObserver, a PaginationObserver).
 *
 * @example
 * const read: Source<ObserverSnapshot<Todo>> = client.observe(TodoResource.get, { id: 1 });
 */
export interface Source<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** What {@link bind} gives a primitive: the source of the current args and its snapshot. */
export interface Bound<O extends Source<S>, S = ReturnType<O['getSnapshot']>> {
  /** The source of the current key; a new one when the key changes. */
  readonly source: Accessor<O>;
  /** Its snapshot; a new value (never mutated) on every change, so memos over it compare by identity. */
  readonly snapshot: Accessor<S>;
}

/**
 * The one piece every primitive shares: resolve the args (tracking the signals an
 * accessor argument reads), open a source when the key changes (not when a signal
 * changes to equal args), subscribe to it while the owner lives and keep its
 * snapshot in a signal. On the server nothing subscribes: a render ends with no
 * cleanup, so a subscription would keep its fetch decisions and timers alive. @internal
 */
export function bind<O extends Source<any>>(
  open: (args: readonly unknown[] | null) => O,
  keyOf: (args: readonly unknown[] | null) => string | undefined,
  input: readonly unknown[],
  hook: string,
): Bound<O> {
  let resolved: readonly unknown[] | null = null;
  // Evaluated now, so a wrong argument form throws at the call (inside the component).
  const key = createMemo(() => keyOf((resolved = resolveArgs(hook, input))));
  const source = createMemo(() => {
    key();
    return untrack(() => open(resolved));
  });
  // Bumped by the listener; the snapshot memo then reads the source again.
  const [changes, changed] = createSignal(undefined, { equals: false });
  const snapshot = createMemo(() => {
    changes();
    return source().getSnapshot();
  });
  if (!isServer) {
    // A computation, not an effect: effects wait while an enclosing <Suspense> shows its
    // fallback, and the read must start (fetch) at once. onCleanup releases the old key first.
    createComputed(() => {
      const current = source();
      onCleanup(current.subscribe(() => changed()));
      // Subscribing may have started a fetch (loading) without calling the listener.
      changed();
    });
  }
  return { source, snapshot };
}

/** {@link bind} for an endpoint read of the given client. @internal */
export function bindEndpoint<E extends EndpointLike>(
  client: Client,
  options: ObserveOptions,
  endpoint: E,
  input: readonly unknown[],
  hook: string,
): Bound<EndpointObserver<E>> {
  return bind(
    (args) => client.observeWith(options, endpoint, args),
    (args) => readKey(endpoint, args),
    input,
    hook,
  );
}
