import {
  readAsync,
  readKey,
  resolveArgs,
  type ArgsInput,
  type Client,
  type EndpointArgs,
  type EndpointLike,
  type EndpointObserver,
  type ObserveOptions,
  type ObserverSnapshot,
  type ResolveType,
} from '@resto/core';
import { computed, effect, inject, PendingTasks, signal, untracked, type Signal } from '@angular/core';
import { onDestroy } from './context';

/**
 * An endpoint's call arguments as a read takes them: each a value, a signal (a
 * signal input, a `computed`) or a getter reading signals, re-read when those
 * change. A `null` first argument (or a getter returning `null`) switches the read off.
 *
 * @example
 * readonly id = input.required<number>();
 * readonly todo = useDLE(TodoResource.get, () => ({ id: this.id() }));
 * readonly maybe = useDLE(TodoResource.get, () => (this.open() ? { id: this.id() } : null));
 */
export type ReactiveArgs<E> = ArgsInput<EndpointArgs<E>>;

/** Angular's RuntimeError code (NG0950) for a required input read before it is set. */
const REQUIRED_INPUT_UNSET = -950;

/** What a read binds: `{ subscribe, getSnapshot }` (an EndpointObserver, a PaginationObserver, a QueryObserver). */
export interface Observable<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** What {@link bindSource} gives a read. */
export interface Bound<O, S> {
  /** The observer of the current args; replaced when they change. */
  readonly observer: Signal<O>;
  /** Its snapshot (core replaces it on every change, never mutates it). */
  readonly snapshot: Signal<S>;
}

/**
 * The one piece every read shares: an observer per value of `input` (a signal that
 * changes only when the read's key does), its snapshot as a signal, and a subscription
 * to the current observer that an effect owns, so it is released when the args change
 * and when the component or injector is destroyed. The snapshot signal shows the new
 * key's stored data at once; the subscription (which decides any fetch) follows when
 * the effect runs, so args changed twice in a row fetch nothing for the key in between.
 * Call it in an injection context (the read's useClient call checks). @internal
 */
export function bindSource<I, O extends Observable<S>, S>(
  input: Signal<I>,
  make: (input: I) => O,
  onServer?: (observer: O, changed: () => void) => void,
): Bound<O, S> {
  const observer = computed(() => make(input()));
  const version = signal(0);
  const bump = () => version.update((v) => v + 1);
  const snapshot = computed(() => {
    version();
    return observer().getSnapshot();
  });
  if (onServer) {
    // A server render: no subscription (an app rendered on the server is destroyed
    // right after, and a server-mode client fetches once); `onServer` may make the
    // render wait. Args are read once: nothing changes them during a render.
    onServer(untracked(observer), bump);
    return { observer, snapshot };
  }
  effect((onCleanup) => {
    const obs = observer();
    onCleanup(obs.subscribe(bump));
    // Subscribing may have changed the snapshot (a fetch started).
    untracked(bump);
  });
  try {
    // Evaluated now, so a wrong argument form throws at the call, not at first render.
    untracked(input);
  } catch (error) {
    // Except a required input read in a field initializer: Angular sets inputs after
    // the constructor, so the args are read again when it is set (the first check).
    if ((error as { code?: number }).code !== REQUIRED_INPUT_UNSET) throw error;
  }
  return { observer, snapshot };
}

/** The resolved args of a read and their store key (what decides whether it is another read). */
interface Keyed {
  readonly key: string | undefined;
  readonly resolved: readonly unknown[] | null;
}

/**
 * {@link bindSource} over an endpoint's args: a new observer only when the key
 * differs (core's `readKey`), however often the signals the args read change. @internal
 */
export function bindArgs<O extends Observable<S>, S>(
  endpoint: EndpointLike,
  args: readonly unknown[],
  hook: string,
  make: (resolved: readonly unknown[] | null) => O,
  onServer?: (observer: O, changed: () => void) => void,
): Bound<O, S> {
  const keyed = computed<Keyed>(
    () => {
      const resolved = resolveArgs(hook, args);
      return { key: readKey(endpoint, resolved), resolved };
    },
    { equal: (a, b) => a.key === b.key },
  );
  return bindSource(keyed, (k) => make(k.resolved), onServer);
}

/**
 * {@link bindArgs} for an endpoint read in one of core's observe modes. With a
 * server-mode client (`createClient({ ssr: true })`, see provideRestoServer) the read
 * fetches once and Angular's server render waits for it (a PendingTasks task), so
 * the HTML shows the data. @internal
 */
export function bindEndpoint<E extends EndpointLike>(
  client: Client,
  options: ObserveOptions,
  endpoint: E,
  args: readonly unknown[],
  hook: string,
): Bound<EndpointObserver<E>, ObserverSnapshot<ResolveType<E>>> {
  let onServer: ((obs: EndpointObserver<E>, changed: () => void) => void) | undefined;
  if (client.ssr) {
    const pending = options.fetch === false ? undefined : inject(PendingTasks);
    onServer = (obs, changed) => {
      if (!pending) return;
      const done = pending.add();
      // A failure is stored and shown by the snapshot; the render goes on.
      void readAsync(obs)
        .catch(() => undefined)
        .finally(() => {
          changed();
          done();
        });
    };
  }
  return bindArgs(endpoint, args, hook, (resolved) => client.observeWith(options, endpoint, resolved), onServer);
}

/**
 * A store-contract source that does not depend on args (useLoading's tracker, a
 * mutation) as a signal, unsubscribed when the injection context ends. @internal
 */
export function fromSource<S>(source: Observable<S>): Signal<S> {
  const state = signal(source.getSnapshot());
  const stop = source.subscribe(() => state.set(source.getSnapshot()));
  onDestroy(stop);
  return state.asReadonly();
}
