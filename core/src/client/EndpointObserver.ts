// One read's view: a snapshot computed from the store and the request it refers to, and a
// subscription. The request is its InFlight entry's (state/InFlight.ts); the fetch
// decisions are the pure functions of shouldFetch.ts; sharing is observeRead.ts's and
// wake-ups the ReaderIndex's. What is left here is the state those need between calls.
import type { Controller, ReadDeps, ResolveType, ResponseInfo } from '../controller';
import { errorByKey, responseByKey, usable } from '../controller/byKey';
import type { StatusError } from '../endpoint/types';
import { freshnessOption } from '../environment';
import { schemaDefaults } from '../schema';
import { isPast, RELEASE, STATUS_INVALID, STATUS_VALID, type EndpointLike, type ExpiryStatus, type InFlight, type ResultMeta, type State } from '../state';
import type { ReaderIndex } from './ReaderIndex';
import { StoreRead } from './StoreRead';
import { shouldFetchOnChange, shouldFetchOnTrigger, type Decision, type ReadFacts } from './shouldFetch';

/** What a read shows at one moment. The same object until one of its fields changes. */
export interface ObserverSnapshot<T = unknown> {
  /** Denormalized data; undefined while nothing usable is stored. */
  readonly data: T | undefined;
  /** A fetch for this read is running, or one is about to start because nothing usable is stored. */
  readonly loading: boolean;
  readonly error: StatusError | undefined;
  readonly expiryStatus: ExpiryStatus;
  /**
   * The data is past its expiry (still shown unless invalidIfStale), as of the last
   * recompute: an unsubscribed read's next read, a subscribed one's next wake-up (a change
   * of what it reads, a trigger), or on time with `createClient({ expiryTimer })`. Expiry
   * alone starts no request for usable data: the next mount, focus regained or reconnect
   * revalidates it.
   */
  readonly stale: boolean;
  /** Failed tries of the running fetch so far, while it retries ("retrying..."); 0 otherwise. */
  readonly retryCount: number;
}

/** How an observer reads. */
export interface ObserveOptions {
  /** Fetch when data is missing or stale (default true). `false` reads the cache only (`useCache`). */
  readonly fetch?: boolean;
  /**
   * Poll at the endpoint's `pollFrequency` while subscribed: `true` through the client's
   * SubscriptionManager, or the function that starts the polling and returns its stop
   * (`polling`, what `useSubscription` and `useLive` pass through {@link PollingModes}).
   */
  readonly poll?: boolean | ((controller: Controller, endpoint: EndpointLike, args: readonly unknown[]) => () => void);
}

/**
 * What a suspending read shows now (see {@link EndpointObserver.read}): the data, the
 * error to throw, or the promise to wait on.
 */
export type ReadResult<T> =
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error'; readonly error: StatusError }
  | { readonly status: 'pending'; readonly promise: Promise<void> };

/** The store contract every adapter binds to. */
export interface StoreLike {
  readonly controller: Controller;
  subscribe(listener: () => void): () => void;
  getSnapshot(): State;
  /** Server mode: no timers (the read ends with the render). */
  readonly ssr?: boolean;
  /** `destroy()` ran: a read subscribed later fetches and polls nothing. */
  readonly destroyed?: boolean;
  /**
   * Where subscribed reads register what they read, to be woken only by changes to
   * it, and by changes of their key's request. It also says which observers read a
   * key: `observe()` of a read that is already subscribed returns that observer, so
   * every reader of a key shares one fetch decision, one snapshot and one registration.
   */
  readonly readers: ReaderIndex;
}

const SETTLED = Promise.resolve();
/** The option each trigger follows. */
const TRIGGERS = { mount: 'refetchOnMount', focus: 'refetchOnWindowFocus', reconnect: 'refetchOnReconnect' } as const;
const NONE: readonly never[] = [];
const noop = () => {};
/** What wakes a subscribed read: a trigger, or a store change or the expiry timer, as the rule that decides on it. */
type Reason = 'focus' | 'reconnect' | ((facts: ReadFacts) => Decision);

/**
 * One read of one endpoint with fixed args: `{ subscribe, getSnapshot }` plus a
 * stable `promise()` for suspense. It fetches when data is missing or stale
 * (shared with other readers of the key); while subscribed it revalidates stale
 * data when the client's focus signal says the page is visible again and when its
 * online signal says the network is back (see `refetchOnWindowFocus`,
 * `refetchOnReconnect`; a WindowEventsManager ties both to the browser), with an
 * `expiryTimer` marks data stale when it expires without fetching for that, keeps
 * stale data without fetching while offline, polls
 * if asked, tells the GC what it uses, and lets go of everything on the last
 * unsubscribe. Adapters are thin bindings over it; a web component can
 * use it directly.
 *
 * It is a view: its snapshot is computed from the store and the request of its key
 * it fetched or joined (an {@link InFlight}, which owns the request: `loading`,
 * `retryCount`). While subscribed (or while `promise()` waits) it registers with the
 * client's reader index what its result depends on (its key, the entities it
 * denormalized, what a query looked up), so a store change, or a change of its key's
 * request, wakes it only when it could change what it shows. Every wake-up (those,
 * and its expiry timer) goes through one path: recompute, decide whether to fetch,
 * notify if the snapshot changed.
 *
 * @example
 * const todos = client.observe(TodoResource.getList, { userId: 1 });
 * const stop = todos.subscribe(() => {
 *   const { data, loading, error } = todos.getSnapshot();
 *   render(data, loading, error);
 * });
 * // later
 * stop();
 */
export class EndpointObserver<E extends EndpointLike = EndpointLike> extends StoreRead {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  // The `#private` ones are its own (the minifier shortens their names, never `this.name`'s);
  // what getSnapshot's check reads stays a plain property: a `#private` load there measured
  // ~15% slower on a subscribed read's getSnapshot (Node 20). So does what `promise()` (and
  // `read()`, `close()`) reach: called on a proxy of the observer (Vue's `ref()`/`reactive()`),
  // `this` is the proxy, which has no `#private` members (a TypeError).
  declare readonly endpoint: E;
  /** `null` for a conditional read that is switched off, or args that make no key (see `getSnapshot().error`). */
  declare readonly args: readonly unknown[] | null;
  /** The store key, or undefined when `args` is null. */
  declare readonly key: string | undefined;
  /** Why `args` make no key (a bad path param, say): shown as the read's error, never thrown. */
  readonly #argsError: StatusError | undefined;
  /** @internal How it reads (observe() shares a subscribed read of the same mode: see observeRead.ts). */
  declare readonly options: ObserveOptions;
  declare private snapshot: ObserverSnapshot<ResolveType<E>> | undefined;
  /** The State `snapshot` was computed from. */
  declare private seen: State | undefined;
  /** The stored result behind `snapshot`. @internal */
  declare response: ResponseInfo<ResolveType<E>> | undefined;
  /** The request of its key it fetched or joined, until it has seen it end. */
  declare private request: InFlight | undefined;
  /** The key's meta its fetch decisions already answered (its own request's end, or a decision to wait). */
  #handledMeta: unknown = {};
  /** What `promise()` handed out, until the read settles (the same promise meanwhile, whichever request it waits on). */
  declare private waiting: Promise<void> | undefined;
  /** Settles `waiting`. */
  declare private settle: () => void;
  /** The expiry timer, if the client has one (see expiryTimer.ts). @internal */
  declare timer: ReturnType<typeof setTimeout> | undefined;

  constructor(store: StoreLike, endpoint: E, args: readonly unknown[] | null, options: ObserveOptions = {}) {
    super(store);
    this.endpoint = endpoint;
    this.options = options;
    // Null until the args make a key.
    this.args = null;
    if (args && args[0] !== null)
      try {
        this.key = endpoint.key(...args);
        this.args = args;
      } catch (error) {
        // Delivered like a fetch error (snapshot, read(), readAsync), not thrown from observe().
        this.#argsError = error instanceof Error ? error : new Error(String(error));
      }
  }

  // `subscribe(listener)` (from Subscribable) starts reading: the first listener
  // fetches if needed; `listener` is called after every change of the snapshot
  // (batched, never during a read). The last one leaving lets go of everything.

  /** The current snapshot; the same object until something it shows changed. */
  getSnapshot = (): ObserverSnapshot<ResolveType<E>> => {
    const state = this.store.getSnapshot();
    const prev = this.snapshot;
    // `dirty`: the index woke it (something it read, or its key's request, changed), or
    // its own fetch or timer asks. Not registered (nobody subscribed), any new state may matter
    // too, so may the end of its request and the time (no response yet: undefined compares false).
    return prev && !this.dirty && (this.tracked || (state === this.seen && !this.request?.done && (prev.stale || !isPast(this.response?.expiresAt as number))))
      ? prev
      : this.#compute(state, prev);
  };

  /** Recomputes the snapshot (kept apart so that the check above stays small enough to inline). */
  #compute(state: State, prev: ObserverSnapshot<ResolveType<E>> | undefined): ObserverSnapshot<ResolveType<E>> {
    const { store, key, endpoint, args } = this;
    this.seen = state;
    this.dirty = false;
    const { controller } = store;
    if (args) controller.gc?.touch(key!); // args make a key (see the constructor)
    // Filled by the read, then registered as it is with the reader index.
    const track: (ReadDeps & { key: string | undefined }) | undefined = this.tracked ? { key, deps: NONE, entities: [], tables: [] } : undefined;
    let request = this.request;
    if (request?.done) {
      // Its request ended: the meta it left is handled, unless it was invalidated while the
      // request ran (each invalidation has its own time): that answer is out of date.
      const meta = request.endMeta as ResultMeta | undefined;
      if (!(meta?.invalidated && meta.invalidatedAt! > request.fetchedAt)) this.#handledMeta = meta;
      request = this.request = undefined;
    }
    // A read turned off with `null` args shows the schema's plain defaults (`{ nextPage: '' }`
    // for `{ results: [Todo], nextPage: '' }`), as the established library does; one whose
    // args make no key shows why, as its error.
    const error = args ? errorByKey(controller, endpoint, args, key!, state, (this.response = responseByKey(controller, endpoint, args, key!, state, track))) : this.#argsError;
    const res = args ? this.response! : { data: schemaDefaults(endpoint.schema) as ResolveType<E> | undefined, expiryStatus: (error ? STATUS_INVALID : STATUS_VALID) as ExpiryStatus, expiresAt: Infinity };
    const stale = isPast(res.expiresAt);
    const unusable = !usable(res);
    const fetches = this.options.fetch !== false;
    if (track) store.readers.track(this, track);
    const next: ObserverSnapshot<ResolveType<E>> = {
      // A cache-only read (useCache) of an object schema shows its plain defaults
      // until data is stored, as the established library does; reads that fetch wait.
      data: !unusable ? res.data : args && !fetches ? (schemaDefaults(endpoint.schema) as ResolveType<E> | undefined) : undefined,
      // Unusable after its own fetch answered this meta (deleted meanwhile, say): no fetch
      // is coming, so it is settled, not loading.
      loading: !!request || (unusable && !error && fetches && state.meta[key!] !== this.#handledMeta),
      error,
      expiryStatus: res.expiryStatus,
      stale,
      retryCount: request ? request.retryCount : 0,
    };
    // Every field is set above, so comparing its keys compares the whole snapshot.
    return (this.snapshot = prev && (Object.keys(next) as (keyof ObserverSnapshot)[]).every((k) => prev[k] === next[k]) ? prev : next);
  }

  /**
   * Settles once the read has usable data or an error (already settled when it
   * does). Starts the fetch if none runs, so a suspended render can wait on it
   * before anything subscribed. The same promise until it has settled (across a
   * refetch too). An answer to a request started before an invalidation
   * settles nothing: the read fetches again and this waits for that.
   *
   * The request is claimed by this observer: subscribing keeps the claim, and
   * `release()` (or the last unsubscribe) lets go of it; a request no reader claims
   * any more is aborted.
   */
  promise(): Promise<void> {
    if (this.read().status !== 'pending') return SETTLED;
    this.fetch(this); // the running one, if any
    if (!this.waiting) {
      // Settles when the read shows usable data, an error, or no longer loads: woken by the
      // reader index like every other wake-up (see refresh), whether the answer is its
      // request's or came from elsewhere (a restored or hydrated store, a pushed change).
      this.waiting = new Promise<void>((resolve) => (this.settle = resolve));
      this.watch();
    }
    return this.waiting;
  }

  /**
   * The suspense rule, decided here once for every adapter. A stored error (as
   * `controller.getError` reports it, so a soft error behind usable data is none)
   * wins even over stale data; otherwise usable data is ready; otherwise the read is
   * pending on the stable `promise()`. Only getting `promise` starts a fetch if none
   * runs, so a binding that just shows "pending" (Svelte's `current`) fetches nothing
   * the observer did not decide to. A switched-off read (`null` args) is ready with
   * the schema's plain defaults (undefined unless the schema is an object schema).
   *
   * @example
   * const r = observer.read();
   * if (r.status === 'error') throw r.error;
   * if (r.status === 'pending') throw r.promise; // React; Vue and Svelte use readAsync(observer)
   * return r.data;
   */
  read(): ReadResult<ResolveType<E> | undefined> {
    // A switched-off read's snapshot shows its argsError, else its defaults: never pending.
    const { data, error } = this.getSnapshot();
    const wait = () => this.promise();
    return error
      ? { status: 'error', error }
      : data !== undefined || !this.args
        ? { status: 'ready', data }
        : {
            status: 'pending',
            get promise() {
              return wait();
            },
          };
  }

  /** Fetches now, whatever is stored (e.g. a retry button). */
  refetch(): Promise<void> {
    return this.args ? this.fetch(this.listeners.size ? this : undefined, true).promise.then(noop, noop) : SETTLED;
  }

  /**
   * Lets go of the request a suspended read claimed through `promise()` and never
   * subscribed to (a render that was abandoned: new args, unmounted): it is aborted
   * unless another reader wants it. Does nothing while subscribed, or on a server. A
   * binding that cannot tell when a render is abandoned calls it after a delay of its
   * own (React's adapter does, unless a retried render of the same component comes first).
   *
   * @example
   * const todo = client.observe(TodoResource.get, { id });
   * todo.readAsync().then(render);
   * // disconnectedCallback(), before the answer came: the request is aborted
   * todo.release();
   */
  release(): void {
    const request = this.running();
    // A server render waits for its own answer: nothing abandons it. A microtask later: a
    // listener that comes straight back (React's StrictMode mounts twice) keeps it.
    if (request && !this.store.ssr)
      queueMicrotask(() => {
        if (!this.listeners.size && this.running() === request) void this.store.controller.dispatch({ type: RELEASE, key: this.key!, owner: this });
      });
  }

  protected override onFirst() {
    const { store, stops, endpoint, args } = this;
    this.watch(); // registered under its key: observe() of the same read hands it out from now on
    if (!args) return;
    const { controller, ssr } = store;
    const releaseGC = controller.gc?.retain(endpoint, args);
    if (releaseGC) stops.push(releaseGC);
    const { poll, fetch } = this.options;
    // A server render never polls (no timers), whichever polling the read brings; nor does a destroyed client.
    if (poll && endpoint.pollFrequency && !ssr && !store.destroyed)
      stops.push(
        poll === true
          ? // Through the client's SubscriptionManager: `subscribe` now, `unsubscribe` on the last listener.
            (void controller.subscribe(endpoint as EndpointLike, ...(args as [])), () => void controller.unsubscribe(endpoint as EndpointLike, ...(args as [])))
          : poll(controller, endpoint, args),
      );
    // A server render and a cache-only read never revalidate; the others listen only while
    // subscribed, to focus and reconnect when a WindowEventsManager gives them those.
    const triggers = controller.environment.triggers;
    // A wake-up like any other, recomputed: what the trigger decides on is the snapshot as of now.
    if (triggers && !ssr && fetch !== false) stops.push(triggers((reason) => ((this.dirty = true), this.refresh(reason))));
    this.#revalidate('mount');
  }

  protected override onLast() {
    super.onLast(); // the stops (the GC retain, the poll, the triggers), the reader index
    // A `promise()` still waiting keeps listening for its answer.
    if (this.waiting) this.watch();
    clearTimeout(this.timer);
    // A tick later: a listener that comes straight back keeps the request, instead of
    // aborting it and never asking again when restored data already shows.
    this.release();
  }

  /**
   * The one path of every wake-up: settle a waiting promise(), decide whether to fetch
   * (`reason`: a trigger, or the rule of a store change or of the expiry timer), notify if the
   * snapshot changed.
   * @internal
   */
  override refresh(reason: Reason = shouldFetchOnChange) {
    const prev = this.snapshot;
    if (this.waiting) {
      const { data, error, loading } = this.getSnapshot();
      // A server render waits for its own answer: it is what the page's snapshot must carry.
      if ((data !== undefined || error || !loading) && !(this.store.ssr && this.request)) {
        this.waiting = undefined;
        if (!this.listeners.size) super.onLast();
        this.settle();
        // An answer that predates an invalidation leaves the read loading: it asks again, and waits
        // for that, claiming it as promise() claimed the first (release() can still abort it).
      } else if (!this.request) this.fetch(this);
    }
    if (!this.listeners.size) return;
    this.#revalidate(reason, prev?.data !== undefined);
    if (this.getSnapshot() !== prev) this.notify();
  }

  /** Registers with the reader index what it reads (subscribed, or `promise()` waiting). */
  private watch() {
    this.tracked = this.dirty = true;
    this.getSnapshot();
  }

  /** The request of its key it fetched or joined, while it runs. @internal */
  running(): InFlight | undefined {
    const request = this.request;
    return request?.done ? undefined : request;
  }

  /**
   * Asks the pure decision for `reason` (see shouldFetch.ts: mount, focus, reconnect, a
   * store change; the expiry timer brings its own) about the snapshot, which every caller
   * has just brought up to date; re-arms the expiry timer if the client has one.
   * `shown`: the last snapshot showed data.
   */
  #revalidate(reason: Reason | 'mount', shown?: boolean) {
    const { store, key } = this;
    // Its callers (onFirst, refresh) run it subscribed only. A destroyed client refuses every
    // fetch at once: asking again on each refusal would never end.
    if (!this.args || store.destroyed) return;
    const { data, expiryStatus, stale } = this.getSnapshot(); // also brings the end of its request up to date
    if (this.running()) return;
    const meta = store.getSnapshot().meta[key!];
    const environment = store.controller.environment;
    environment.defaults.expiryTimer?.(this, meta);
    if (this.options.fetch === false) return; // cache-only reads never fetch
    const invalid = expiryStatus === STATUS_INVALID; // so is missing data (responseByKey)
    const facts: ReadFacts = {
      invalid,
      // A read that fetches shows no data exactly when none is usable.
      unusable: data === undefined,
      stale,
      // No online signal (no manager or option brought one): nothing says it is offline.
      online: environment.online?.value !== false,
      // Data it showed became invalid under the same meta (an entity of it deleted): not
      // an answer of ours, so it asks again (and shows the 404), as data-client does.
      handled: meta === this.#handledMeta && !(shown && invalid),
      hasMeta: meta !== undefined,
      recentError: !!meta?.error && meta.expiresAt > Date.now(),
    };
    const decision =
      typeof reason === 'function' ? reason(facts) : shouldFetchOnTrigger(facts, freshnessOption(environment, this.endpoint, TRIGGERS[reason]), reason === 'mount');
    if (decision === 'handled') this.#handledMeta = meta;
    else if (decision === 'fetch') this.fetch(this);
  }

  /** Fetches (or joins the request of its key that runs): the request is the store's, it only refers to it. @internal */
  fetch(owner?: object, force?: boolean): InFlight {
    let request = this.running();
    if (request && !force) return request;
    request = this.request = this.store.controller.request(owner, this.endpoint, this.args!, this.key!);
    // Unsubscribed, it recomputes on its next read (subscribed, the request's start woke it).
    this.dirty = true;
    return request;
  }
}
