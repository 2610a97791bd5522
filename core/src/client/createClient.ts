// The store: createClient chains the managers' middleware to the reducer, keeps the
// confirmed and the visible (optimistic) state, and batches notifications. Reads are the
// observers' (observeRead.ts; QueryObserver.ts, built by whoever imports it); the public actions are the Controller's.
import { DEV } from '#dev';
import { Controller, type Dispatch } from '../controller';
import { errorCode } from '../dev/errorCode';
import type { FreshnessOptions } from '../endpoint';
import type { ClientEnvironment, EnvironmentSignal } from '../environment';
import { getDefaultManagers, type Manager } from '../managers';
import {
  applyOptimistic,
  ChangeSet,
  FETCH,
  GC,
  keepOptimisticIdentity,
  reducer,
  snapshotState,
  SUBSCRIBE,
  type ActionTypes,
  type DehydratedState,
  type EndpointLike,
  type State,
} from '../state';
import { EndpointObserver, type ObserveOptions } from './EndpointObserver';
import type { ExpiryTimer } from './expiryTimer';
import { observeRead } from './observeRead';
import { ReaderIndex } from './ReaderIndex';

/**
 * Options of {@link createClient}. The freshness options (`refetchOnMount`,
 * `refetchOnWindowFocus`, `refetchOnReconnect`, `retry`, `retryDelay`, `timeout`,
 * `queueOfflineMutations`) apply to every endpoint that does not set its own.
 */
export interface ClientOptions extends FreshnessOptions {
  /** Replaces the default managers (network, GC). Include a NetworkManager to fetch: without one a fetch fails at once (ERRORS.md#14). */
  readonly managers?: readonly Manager[];
  /**
   * A prefilled store: `mockInitialState()`, or what a server rendered with, either as
   * a State or as a snapshot from `dehydrate(client)` (its data stays fresh
   * until its own expiry, so nothing is refetched).
   */
  readonly initialState?: State | DehydratedState;
  /**
   * Server mode, for one render: reads fetch once and never poll, revalidate or
   * garbage-collect, so no timer is ever started; the default managers are just the
   * network. Call `destroy()` when the render ended.
   */
  readonly ssr?: boolean;
  /**
   * Whether the network is reachable: `createOnlineSignal()` follows the browser, a
   * `new EnvironmentSignal(true)` only what it is told (React Native, tests). Without it a
   * manager that needs one installs it (a `WindowEventsManager` ties it to the browser's
   * `navigator.onLine` and `online`/`offline` events, an OfflineManager makes one that is
   * true until told); with neither the client has none and counts as online.
   */
  readonly online?: EnvironmentSignal;
  /** Whether the page is visible (`createFocusSignal()`: `document.visibilityState`); see `online`. */
  readonly focus?: EnvironmentSignal;
  /**
   * `expiryTimer` (imported from `@resto/core`): subscribed reads flip `stale` when their
   * data expires, on a screen where nothing else happens (hiding `invalidIfStale` data and
   * fetching it again). Without it a read sees the expiry when it next reads.
   */
  readonly expiryTimer?: ExpiryTimer;
}

/** A store with its Controller: what every adapter is given. */
export interface Client {
  readonly controller: Controller;
  /** Called (batched, in a microtask) after the state changed. */
  subscribe(listener: () => void): () => void;
  /** The current immutable State; a new object only when something changed. */
  getSnapshot(): State;
  /** One read of an endpoint; `null` args switch it off. See {@link EndpointObserver}. */
  observe<E extends EndpointLike>(endpoint: E, ...args: readonly unknown[]): EndpointObserver<E>;
  /** Like `observe`, with options (`fetch: false` for cache-only, `poll: true` for live reads). */
  observeWith<E extends EndpointLike>(
    options: ObserveOptions,
    endpoint: E,
    args: readonly unknown[] | null,
  ): EndpointObserver<E>;
  /**
   * Which subscribed reads depend on what: a change wakes only the reads it could
   * change. Observers register themselves here. @internal
   */
  readonly readers: ReaderIndex;
  /** How many store listeners are attached (a subscribed read holds one, shared by all its readers): for leak checks. */
  readonly listenerCount: number;
  /** The managers in dispatch order. */
  readonly managers: readonly Manager[];
  /**
   * Whether the network is reachable: with an OfflineManager (or WindowEventsManager)
   * reads wait while it is not, and with a WindowEventsManager they revalidate when it is
   * back. `client.online!.set(false)` simulates offline in a test. Absent unless the
   * `online` option or a manager that needs it (WindowEventsManager, OfflineManager,
   * LiveManager, OfflineQueueManager) brought one: the client then counts as online.
   */
  readonly online?: EnvironmentSignal;
  /** Whether the page is visible: with a WindowEventsManager, subscribed reads revalidate stale data when it becomes so. Absent like `online`. */
  readonly focus?: EnvironmentSignal;
  /** Server mode (`createClient({ ssr: true })`): no timers, reads fetch once. */
  readonly ssr: boolean;
  /** True once `destroy()` ran. */
  readonly destroyed: boolean;
  /**
   * Stops everything: every manager (timers, sockets, in-flight fetches), every
   * observer (expiry timers, polling) and every listener. Later dispatches do nothing
   * and later fetches reject.
   */
  destroy(): void;
}

/** Endpoints already warned that nothing polls them (development only). */
let unpolled: WeakSet<object> | undefined;

/**
 * The prototype of every client: holds its getter once. A getter written into the
 * client's object literal would be a new function per client, and V8 then gives every
 * client its own hidden class in the old generation, whose reference to the getter (a
 * closure over the client's state) keeps each client's whole store alive through every
 * minor GC until a full one: creating clients that store a large response (tests,
 * server renders) then spent about half its time collecting.
 */
const clientPrototype = {
  get listenerCount(): number {
    const { readers } = this as unknown as Client;
    return readers.listenerCount + readers.registered.size;
  },
};

/**
 * Creates a store. Without `managers` it installs the defaults: network (dedupe,
 * ordering, abort, offline) and garbage collection (polling comes with `PollingModes`). Reads
 * revalidate stale data on mount; add a `WindowEventsManager` for when the page is
 * visible again and when the network is back, and a `RetryManager` for retries of
 * failed reads (see {@link ClientOptions}).
 *
 * @example
 * const client = createClient({ managers: [...getDefaultManagers(), new RetryManager(), new WindowEventsManager()], retry: 1 });
 * @example
 * const client = createClient();
 * const todos = await client.controller.fetch(TodoResource.getList);
 * client.observe(TodoResource.get, { id: 1 }).subscribe(render);
 */
export function createClient({
  ssr = false,
  managers = getDefaultManagers({ ssr }),
  initialState,
  online,
  focus,
  ...defaults
}: ClientOptions = {}): Client {
  // The signals given, if any (a manager that needs one installs it: environmentSignal).
  const environment: ClientEnvironment = { online, focus, ssr, defaults };
  let base = snapshotState(initialState);
  let visible = base;
  // The one batcher (notifyQueue.ts): everything a tick changed is told in one
  // microtask, to plain listeners (`subscribe`: every change) and to the observers it
  // could change (each refreshes once); a test helper's act() can deliver it at once.
  const readers = new ReaderIndex();
  // Made first, filled last: dispatch (a manager's init may call it) reads `destroyed` from it.
  const store = Object.create(clientPrototype) as Client;
  /** What the optimistic updates wrote into the visible state, undone by the next replay. */
  let optimisticWrites: ChangeSet | undefined;

  const controller = new Controller({
    environment,
    getState: () => visible,
    getConfirmedState: () => base,
    // A request's status (started, retrying, ended) wakes its key's readers as a store change does.
    changed: (key) => readers.wakeKey(key),
    // A manager says it collects garbage by offering `gc` (GCPolicy does).
    gc: managers.find((m) => m.gc !== undefined)?.gc,
    dispatch: (action: ActionTypes) => {
      if (!store.destroyed) return chain(action);
      // A destroyed client starts nothing again: a late timer or a stray read is refused here.
      if (action.type === FETCH) action.meta.reject(new Error(DEV ? `Resto: ${action.key} was read after client.destroy()` : action.key + errorCode(21)));
      return Promise.resolve();
    },
  });
  const makeSnapshot = controller.snapshot; // bound, as every Controller method
  // Visible differs from base only where optimistic updates wrote: the last replay's
  // writes and this one's are all a change of base can have changed on top.
  const replay = () => {
    optimisticWrites = undefined;
    visible = base.optimistic.length ? keepOptimisticIdentity(visible, base, applyOptimistic(base, makeSnapshot, (optimisticWrites = new ChangeSet())), optimisticWrites) : base;
  };
  replay();

  const reduce = (action: ActionTypes): Promise<void> => {
    // A fetch nobody took (no NetworkManager among the managers) fails at once, stored
    // like any fetch error, instead of a promise that never settles.
    if (action.type === FETCH) {
      const { endpoint } = action;
      const error = new Error(
        DEV
          ? `Resto: ${endpoint.name}: nothing fetches it: the client's managers include no NetworkManager (createClient({ managers: [new NetworkManager(), ...] }))`
          : endpoint.name + errorCode(14),
      );
      const stored = controller.setError(endpoint, ...action.args, error);
      action.meta.reject(error);
      return stored;
    }
    // A controller.subscribe (or `{ poll: true }` read) no SubscriptionManager took: nothing
    // polls it (polling left the default managers). Said once per endpoint, not in silence.
    if (DEV && action.type === SUBSCRIBE && (action as { asked?: boolean }).asked && !ssr && !(unpolled ??= new WeakSet()).has(action.endpoint)) {
      unpolled.add(action.endpoint);
      console.warn(`Resto: ${action.endpoint.name} was subscribed, but nothing polls it: the client's managers include no SubscriptionManager (add new SubscriptionManager() to managers, or read it with PollingModes as useSubscription and useLive do)`);
    }
    // Nobody to wake: skip recording what changed.
    const changes = readers.registered.size ? new ChangeSet() : undefined;
    const next = reducer(base, action, changes);
    if (next !== base) {
      base = next;
      changes?.merge(optimisticWrites);
      replay();
      changes?.merge(optimisticWrites);
      // What the GC removed must not stay reachable through memoized reads of it.
      if (action.type === GC) controller.memo.prune(visible.entities as never);
      readers.mark(changes);
    }
    return Promise.resolve();
  };

  // The managers' chain ends in the reducer; it is built once the controller exists
  // (middlewares receive it), and the controller's dispatch reaches it through this name.
  const chain: Dispatch = managers.reduceRight((next, m) => m.middleware(controller)(next), reduce);
  for (const m of managers) m.init?.(visible);

  return Object.assign(store, {
    destroyed: false,
    controller,
    managers,
    readers,
    subscribe: readers.subscribe,
    getSnapshot: () => visible,
    observe<E extends EndpointLike>(endpoint: E, ...args: readonly unknown[]) {
      return store.observeWith({}, endpoint, args);
    },
    observeWith<E extends EndpointLike>(options: ObserveOptions, endpoint: E, args: readonly unknown[] | null) {
      return observeRead(new EndpointObserver(store, endpoint, args, options));
    },
    ssr,
    online: environment.online,
    focus: environment.focus,
    destroy() {
      if (store.destroyed) return;
      (store as { destroyed: boolean }).destroyed = true;
      readers.close();
      for (const m of managers) m.cleanup();
      readers.clear();
    },
  });
}
