// Long on purpose: the public Controller API (one method per spec'd action, each with
// its JSDoc and example). Its reads go through byKey.ts, as the observers' do, so that
// a read and the hooks' answers cannot drift apart.
import { DEV } from '#dev';
import type { StatusError } from '../endpoint/types';
import type { ClientEnvironment } from '../environment';
import { denormalize, MemoCache, normalize, type QueryReads } from '../normalize';
import { setHidden } from '../schema/ownEntry';
import {
  EXPIRE_ALL,
  ExpiryStatus,
  STATUS_INVALID,
  STATUS_VALID,
  FETCH,
  InFlight,
  INVALIDATE,
  INVALIDATE_ALL,
  RESET,
  SET_RESPONSE,
  SUBSCRIBE,
  UNSUBSCRIBE,
  errorMeta,
  responseMeta,
  uniqueNow,
  type ActionTypes,
  type EndpointLike,
  type State,
} from '../state';
import { errorByKey, getTracked, responseByKey } from './byKey';
import type { GCInterface } from './GCInterface';
import { Snapshot } from './Snapshot';

/** What `getResponse` tells about one endpoint result. */
export interface ResponseInfo<T = any> {
  readonly data: T | undefined;
  readonly expiryStatus: ExpiryStatus;
  readonly expiresAt: number;
}

export type Dispatch = (action: ActionTypes) => Promise<void>;

/**
 * What a read depended on, filled by the by-key reads for change tracking: the
 * denormalized entities (`deps`, flat triples `entityKey, pk, value`) and, when the
 * result came from a query rather than a stored result, what the query looked up.
 * @internal
 */
export interface ReadDeps extends QueryReads {
  deps: readonly unknown[];
}

type ArgsThen<L> = [...args: any[], last: L];

/** An endpoint's call arguments, as given to the controller (`null` means "no read"). */
export type EndpointArgs<E> = E extends (...args: infer A) => any ? A : never;
/** What reading an endpoint through the store gives: its schema's data, or `process`'s result. */
export type ResolveType<E> = E extends { schema: infer S }
  ? [S] extends [undefined]
    ? E extends (...args: any) => Promise<infer R> ? R : unknown
    : E extends (...args: any) => Promise<infer R> ? R : unknown
  : E extends (...args: any) => Promise<infer R>
    ? R
    : unknown;

/**
 * What createClient gives the Controller it makes: its store's dispatch and states, the GC
 * (if a manager offers one), the environment, and how a request's change wakes its readers.
 */
export interface ControllerStore {
  readonly dispatch: Dispatch;
  readonly getState: () => State;
  readonly getConfirmedState: () => State;
  readonly gc: GCInterface | undefined;
  readonly environment: ClientEnvironment;
  readonly changed: (key: string) => void;
}

/**
 * The only way to read or change the store. Every adapter hands the same Controller
 * to components (`useController()`), so an app's mutations look the same everywhere.
 *
 * @example
 * const ctrl = client.controller;
 * const todo = await ctrl.fetch(TodoResource.get, { id: 1 });
 * await ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
 * ctrl.invalidateAll(TodoResource.getList);
 */
export class Controller {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  /** Dispatches an action through every manager's middleware, then the reducer. */
  declare dispatch: Dispatch;
  /** The current (visible) state. */
  declare getState: () => State;
  /**
   * The confirmed state: what the store holds without pending optimistic updates
   * (what tab sync shares).
   * @internal
   */
  declare readonly getConfirmedState: () => State;
  /** Memoized denormalization shared by every reader of this store. */
  declare readonly memo: MemoCache;
  /** Reference counting and eviction; undefined when the client runs without GC. */
  declare gc: GCInterface | undefined;
  /**
   * Where the client runs (online and focus signals) and its freshness options
   * (retries, refetch triggers, offline queueing): what managers and reads consult.
   */
  declare readonly environment: ClientEnvironment;
  /** Reads in flight by key (see {@link InFlight}). @internal */
  declare readonly requests: Map<string, InFlight>;
  /**
   * Wakes the readers of `key` as a store change of it would: told when a request of
   * it starts, is joined, retries or ends (createClient's reader index). @internal
   */
  declare readonly changed: (key: string) => void;

  /**
   * Made by createClient (`client.controller`), with its store's functions. One made
   * without them (`new Controller()`, a subclass on its own) has no store: its methods
   * are bound, but reading or changing anything throws.
   */
  constructor(store?: ControllerStore) {
    Object.assign(this, store);
    this.memo = new MemoCache();
    this.requests = new Map();
    // Every method of its classes, bound, so a destructured `const { fetch } = useController()`
    // works, a subclass's own methods too; the most derived definition of a name wins.
    for (let proto = Object.getPrototypeOf(this); proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
      for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(proto)))
        if (name !== 'constructor' && !Object.hasOwn(this, name) && typeof value === 'function') setHidden(this, name, value.bind(this));
  }

  /**
   * Fetches and stores. Resolves with the schema's denormalized value (or `process`'s
   * value when the endpoint has no schema). Reads (GET) already in flight are shared.
   *
   * @example
   * const created = await controller.fetch(TodoResource.getList.push, { title: 'Write docs' });
   */
  fetch<E extends EndpointLike>(endpoint: E, ...args: EndpointArgs<E>): Promise<ResolveType<E>> {
    // Its own promise: a failure nobody awaits is reported as unhandled (the shared one is not).
    // Bad arguments (a missing path param) reject like any other fetch failure.
    return rejecting(() => this.resultOf(this.request(undefined, endpoint, args, endpoint.key(...args)), endpoint, args).then());
  }

  /**
   * The request for `key`: the read of it in flight, joined, or a new one, dispatched as
   * FETCH through the managers. `owner` (an observer) may let go of it (a RELEASE action);
   * without one it is pinned: never aborted for lack of readers.
   * @internal
   */
  request(owner: object | undefined, endpoint: EndpointLike, args: readonly unknown[], key: string): InFlight {
    const running = endpoint.sideEffect ? undefined : this.requests.get(key);
    const fetchedAt = uniqueNow();
    // A read started before the key was invalidated answers for the data as it was: a
    // fetch after the invalidation starts its own (never invalidated: `<` undefined is false).
    const joined = running && !(running.fetchedAt < (this.getState().meta[key]?.invalidatedAt as number));
    const request = joined ? (running.join(owner), running) : new InFlight(this, key, fetchedAt, !endpoint.sideEffect, owner);
    try {
      // Every call is a FETCH (managers and devtools see each); a joined one is answered with the running request.
      void this.dispatch({ type: FETCH, key, endpoint, args, meta: { fetchedAt, resolve: request.resolve, reject: request.reject, owner, request } });
    } catch (error) {
      // A manager that threw fails the request it started (the fetch rejects, the key is free), as a failed fetch does.
      if (!joined) request.reject(error);
    }
    return request;
  }

  /**
   * What `fetch` resolves with for `request`: the stored result read back through the
   * schema. One promise per request (its `resolved` flag is fetchIfNeeded's, for useFetch).
   * @internal
   */
  resultOf<E extends EndpointLike>(request: InFlight, endpoint: E, args: readonly unknown[]): Promise<ResolveType<E>> {
    return (request.result ??= (
      endpoint.schema == null
        ? request.promise
        : request.promise.then((response) => {
            const { key, fetchedAt } = request;
            const state = this.getState();
            const meta = state.meta[key];
            // A response that failed normalization is stored as this key's error: surface it.
            if (meta?.error && meta.date >= fetchedAt && !(meta.fetchedAt > fetchedAt)) throw meta.error;
            if (endpoint.sideEffect && meta && meta.fetchedAt > fetchedAt) {
              if (response === null || response === undefined) return response as ResolveType<E>;
              // A mutation's key leaves out its body: another call that started later answered
              // first and its result is stored there. This caller gets its own answer (its
              // entities are in the tables), not the other call's.
              const { result } = normalize(endpoint.schema, response, args as unknown[], state as never);
              return denormalize(endpoint.schema, result, state.entities, args) as ResolveType<E>;
            }
            const { data } = responseByKey(this, endpoint, args, key, state);
            if (data !== undefined) return data as ResolveType<E>;
            // Nothing to read back from the store (a delete's Invalidate leaves a tombstone):
            // the response itself read through the schema, so a deleted entity comes back as
            // an instance of its class, and a bare id (nothing to build it from) as undefined.
            // Uncached: the tables are an empty object of this call, which no memo could reuse.
            return denormalize(endpoint.schema, response, {}, args) as ResolveType<E>;
          })
    ) as InFlight['result'])!;
  }

  /**
   * Fetches only when the stored value is missing, invalid or stale.
   * Resolves with the stored data when it is fresh.
   *
   * @example
   * await controller.fetchIfStale(TodoResource.get, { id: 1 });
   */
  fetchIfStale<E extends EndpointLike>(endpoint: E, ...args: EndpointArgs<E>): Promise<ResolveType<E>> {
    const state = this.getState();
    const { data, expiryStatus, expiresAt } = this.getResponse(endpoint, ...args, state);
    if (expiryStatus !== STATUS_INVALID && expiresAt > Date.now() && !this.getError(endpoint, ...args, state)) {
      return Promise.resolve(data as ResolveType<E>);
    }
    return this.fetch(endpoint, ...args);
  }

  /**
   * Marks one stored result unusable; readers refetch (suspending, not showing it).
   *
   * @example
   * controller.invalidate(TodoResource.get, { id: 1 });
   */
  invalidate<E extends EndpointLike>(endpoint: E, ...args: EndpointArgs<E>): Promise<void> {
    // A key with a request out is marked even when nothing is stored yet: that answer is out of date.
    return dispatchKeyed(this, endpoint, args, (key) => ({ type: INVALIDATE, key, date: uniqueNow(), inFlight: this.requests.has(key) }));
  }

  /**
   * Invalidates every stored result whose key passes `matcher.testKey`, called as its
   * method: pass the endpoint itself.
   *
   * @example
   * controller.invalidateAll(TodoResource.getList);
   */
  invalidateAll(matcher: { testKey(key: string): boolean }): Promise<void> {
    return this.dispatch({ type: INVALIDATE_ALL, testKey: (key) => matcher.testKey(key), date: uniqueNow() });
  }

  /**
   * Marks results whose key passes `matcher.testKey` (called as its method, as in
   * invalidateAll) stale: they stay visible while they revalidate.
   *
   * @example
   * controller.expireAll(TodoResource.getList);
   * controller.expireAll({ testKey: (key) => key.startsWith('GET /todos') });
   */
  expireAll(matcher: { testKey(key: string): boolean }): Promise<void> {
    return this.dispatch({ type: EXPIRE_ALL, testKey: (key) => matcher.testKey(key) });
  }

  /**
   * Empties the store (e.g. on logout). In-flight fetches are rejected and their
   * responses are dropped.
   *
   * @example
   * await controller.resetEntireStore();
   */
  resetEntireStore(): Promise<void> {
    return this.dispatch({ type: RESET, date: uniqueNow() });
  }

  /**
   * Stores a value as if the endpoint had answered it (e.g. from a websocket).
   *
   * @example
   * controller.setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'pushed', completed: false });
   */
  setResponse(endpoint: EndpointLike, ...rest: ArgsThen<unknown>): Promise<void> {
    return store(this, endpoint, rest);
  }

  /**
   * Stores an error for an endpoint, as if its fetch had failed.
   *
   * @example
   * controller.setError(TodoResource.get, { id: 1 }, Object.assign(new Error('gone'), { status: 404 }));
   */
  setError(endpoint: EndpointLike, ...rest: ArgsThen<unknown>): Promise<void> {
    return store(this, endpoint, rest, true);
  }

  /**
   * Stores the outcome of a fetch that started at `fetchedAt` (used by NetworkManager).
   *
   * @example
   * controller.resolve(TodoResource.get, { args: [{ id: 1 }], response, fetchedAt });
   */
  resolve(
    endpoint: EndpointLike,
    {
      args,
      response,
      fetchedAt,
      error,
    }: { args: readonly unknown[]; response: unknown; fetchedAt: number; error?: boolean },
  ): Promise<void> {
    return rejecting(() => this.dispatch({
      type: SET_RESPONSE,
      key: endpoint.key(...args),
      endpoint,
      args,
      response,
      error,
      // Stored now, never before the start: start times are strictly increasing, so may run a hair ahead of the clock.
      meta: (error ? errorMeta : responseMeta)(endpoint, fetchedAt, Math.max(Date.now(), fetchedAt)),
    }));
  }

  /**
   * Keeps an endpoint polled at its `pollFrequency` while subscribed.
   *
   * @example
   * controller.subscribe(ServerTime.get);
   * // later
   * controller.unsubscribe(ServerTime.get);
   */
  subscribe<E extends EndpointLike>(endpoint: E, ...args: EndpointArgs<E>): Promise<void> {
    // `asked` (development): the store warns when no SubscriptionManager took it (createClient).
    return dispatchKeyed(this, endpoint, args, (key) => ({ type: SUBSCRIBE, key, endpoint, args, ...(DEV ? { asked: true } : null) }));
  }

  /** Ends one `subscribe`. */
  unsubscribe<E extends EndpointLike>(endpoint: E, ...args: EndpointArgs<E>): Promise<void> {
    return dispatchKeyed(this, endpoint, args, (key) => ({ type: UNSUBSCRIBE, key, endpoint, args }));
  }

  /**
   * Reads an endpoint's stored result from `state` (the last argument), denormalized
   * and memoized: the same state gives the same objects.
   *
   * @example
   * const { data, expiryStatus } = controller.getResponse(TodoResource.get, { id: 1 }, client.getSnapshot());
   */
  getResponse<E extends EndpointLike>(endpoint: E, ...rest: ArgsThen<State>): ResponseInfo<ResolveType<E>> {
    const [args, state] = splitLast<State>(rest);
    if (args[0] === null) return { data: undefined, expiryStatus: STATUS_VALID, expiresAt: 0 };
    return responseByKey(this, endpoint, args, endpoint.key(...args), state);
  }

  /**
   * The stored error for an endpoint, if any. A soft error (see `errorPolicy`) is
   * hidden while usable data exists.
   *
   * @example
   * const error = controller.getError(TodoResource.get, { id: 1 }, client.getSnapshot());
   * error?.status; // 404
   */
  getError<E extends EndpointLike>(
    endpoint: E,
    ...rest: ArgsThen<State>
  ): StatusError | undefined {
    const [args, state] = splitLast<State>(rest);
    if (args[0] === null) return undefined;
    return errorByKey(this, endpoint, args, endpoint.key(...args), state);
  }

  /**
   * Reads from the store without an endpoint: an Entity by its pk, `All`, a `Query`,
   * a Collection by its args.
   *
   * @example
   * const todo = controller.get(Todo, { id: 5 }, client.getSnapshot());
   * const open = controller.get(openTodos, client.getSnapshot());
   */
  get<S>(schema: S, ...rest: ArgsThen<State>): any {
    const [args, state] = splitLast<State>(rest);
    return getTracked(this, schema, args, state);
  }

  /**
   * A read-only view of `state` for `getOptimisticResponse`. Throw `snapshot.abort`
   * to cancel the optimistic update.
   *
   * @example
   * getOptimisticResponse(snapshot, { id }, body) {
   *   const stored = snapshot.get(Todo, { id });
   *   if (!stored) throw snapshot.abort;
   *   return { ...stored, ...body };
   * }
   */
  snapshot(state: State, fetchedAt = Date.now()): Snapshot {
    return Snapshot(this, state, fetchedAt);
  }
}

/** Bad arguments (a missing path param) reject, as fetch's do, instead of throwing. */
function rejecting<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Dispatches the action for one read's key; `null` args (a read switched off) do nothing. */
function dispatchKeyed(
  controller: Controller,
  endpoint: EndpointLike,
  args: readonly unknown[],
  action: (key: string) => ActionTypes,
): Promise<void> {
  if (args[0] === null) return Promise.resolve();
  return rejecting(() => controller.dispatch(action(endpoint.key(...args))));
}

/** setResponse and setError: `(...args, response)` stored as if a fetch that started now had answered it. */
function store(controller: Controller, endpoint: EndpointLike, rest: readonly unknown[], error?: boolean): Promise<void> {
  const [args, response] = splitLast(rest);
  return controller.resolve(endpoint, { args, response, fetchedAt: uniqueNow(), error });
}

/** `(...args, last)` as `[args, last]`: the reads' state, setResponse's response. */
function splitLast<L = unknown>(rest: readonly unknown[]): [unknown[], L] {
  return [rest.slice(0, -1), rest.at(-1) as L];
}
