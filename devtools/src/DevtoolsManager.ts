import {
  EXPIRE_ALL,
  FETCH,
  GC,
  INVALIDATE,
  INVALIDATE_ALL,
  OPTIMISTIC,
  RELEASE,
  RESET,
  SET_RESPONSE,
  SUBSCRIBE,
  UNSUBSCRIBE,
  type ActionTypes,
  type Client,
  type Controller,
  type Dispatch,
  type EndpointLike,
  type FetchAction,
  type Manager,
  type Middleware,
  type State,
} from '@resto/core';
import { diffState, type StateDiff } from './diffState';

/** What a timeline entry was, in the words the panel shows. */
export type TimelineKind =
  | 'fetch'
  | 'set'
  | 'error'
  | 'optimistic'
  | 'rollback'
  | 'invalidate'
  | 'expire'
  | 'reset'
  | 'gc'
  | 'subscribe'
  | 'unsubscribe'
  | 'release';

/** One action the store saw, with the state diff it caused and the state after it. */
export interface TimelineEntry {
  /** Increasing from 1; the Redux DevTools bridge uses it as the action id. */
  readonly id: number;
  readonly kind: TimelineKind;
  /** The core action type (`rest/fetch`, ...). */
  readonly type: string;
  /** The endpoint key it concerns, when it concerns one. */
  readonly key?: string;
  /** The endpoint's name, when the action carries an endpoint. */
  readonly endpoint?: string;
  readonly time: number;
  readonly diff: StateDiff;
  /** The visible state right after the action (immutable, shared with the store). */
  readonly state: State;
  readonly action: ActionTypes;
}

/** One request the NetworkManager ran (dedupe hits are counted on the request they joined). */
export interface RequestEntry {
  readonly id: number;
  readonly key: string;
  readonly endpoint: string;
  readonly method: string;
  readonly startedAt: number;
  endedAt?: number;
  status: 'pending' | 'ok' | 'error' | 'aborted';
  /** Reads that asked for this key while it was in flight and shared it. */
  dedupeHits: number;
  /** The previous request of this key failed: this one retries it. */
  readonly retry: boolean;
  error?: string;
}

/** Network counters since the manager started. */
export interface NetworkTotals {
  readonly requests: number;
  readonly dedupeHits: number;
  readonly aborts: number;
  readonly retries: number;
  readonly errors: number;
}

/** An endpoint and the args of a key, enough to refetch it or read it from a state. */
export interface ReadRef {
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
}

/** Options of {@link DevtoolsManager}. */
export interface DevtoolsManagerOptions {
  /** Timeline entries kept (oldest dropped first, default 500). */
  readonly maxEntries?: number;
  /** Finished requests kept (default 200). */
  readonly maxRequests?: number;
}

const retainPatched = new WeakSet<object>();

/**
 * Records what the store does for the devtools panel and the Redux DevTools bridge:
 * every action with the state diff it caused, every request (dedupe hits, aborts,
 * retries), observer counts and poll frequencies. Put it first in `managers` so it
 * sees every action; it changes nothing it forwards.
 *
 * @example
 * const devtools = new DevtoolsManager();
 * const client = createClient({ managers: [devtools, ...getDefaultManagers()] });
 * devtools.timeline.at(-1)?.kind; // 'fetch', 'set', 'optimistic', ...
 *
 * @example
 * // Only in development: production bundles drop the import entirely.
 * const client = createClient({
 *   managers: [...(import.meta.env.DEV ? [new DevtoolsManager()] : []), ...getDefaultManagers()],
 * });
 */
export class DevtoolsManager implements Manager {
  private readonly entries: TimelineEntry[] = [];
  private readonly finished: RequestEntry[] = [];
  private readonly pending = new Map<string, RequestEntry>();
  private readonly pendingAll = new Set<RequestEntry>();
  private readonly failedKeys = new Set<string>();
  private readonly reads = new Map<string, ReadRef>();
  private readonly observers = new Map<string, number>();
  private readonly polls = new Map<string, number[]>();
  private readonly listeners = new Set<(entry: TimelineEntry | undefined) => void>();
  private readonly maxEntries: number;
  private readonly maxRequests: number;
  private counts = { requests: 0, dedupeHits: 0, aborts: 0, retries: 0, errors: 0 };
  private nextId = 1;
  private nextRequest = 1;
  private paused = 0;
  /** The store's Controller, once a client installed this manager. */
  controller: Controller | undefined;

  constructor({ maxEntries = 500, maxRequests = 200 }: DevtoolsManagerOptions = {}) {
    this.maxEntries = maxEntries;
    this.maxRequests = maxRequests;
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    this.countObservers(controller);
    return (next: Dispatch) => (action: ActionTypes) => this.handle(controller, next, action);
  };

  /**
   * Starts recording on a client created without this manager (e.g. the panel was
   * loaded lazily): wraps `controller.dispatch`. Optimistic updates then show as part
   * of the fetch that started them. Returns a function that stops recording.
   *
   * @example
   * const devtools = new DevtoolsManager();
   * const stop = devtools.attach(client);
   */
  attach(client: Pick<Client, 'controller'>): () => void {
    const { controller } = client;
    const inner = controller.dispatch;
    const outer = this.middleware(controller)(inner);
    controller.dispatch = outer;
    return () => {
      if (controller.dispatch === outer) controller.dispatch = inner;
    };
  }

  cleanup(): void {
    this.listeners.clear();
  }

  /** Every recorded action, oldest first. */
  get timeline(): readonly TimelineEntry[] {
    return this.entries;
  }

  /** Requests in flight, then finished ones (newest first). */
  get requests(): readonly RequestEntry[] {
    return [...this.pendingAll, ...[...this.finished].reverse()];
  }

  /** Requests in flight now. */
  get inFlight(): readonly RequestEntry[] {
    return [...this.pendingAll];
  }

  /** Counters since the start: requests, dedupe hits, aborts, retries, errors. */
  get totals(): NetworkTotals {
    return { ...this.counts };
  }

  /** Every endpoint key this store has seen, with what it takes to refetch it. */
  get knownReads(): ReadonlyMap<string, ReadRef> {
    return this.reads;
  }

  /** How many observers (hooks, composables, custom elements) currently read `key`. */
  observerCount(key: string): number {
    return this.observers.get(key) ?? 0;
  }

  /** The poll frequency `key` is refetched at (ms), when something subscribed to it. */
  pollFrequency(key: string): number | undefined {
    const list = this.polls.get(key);
    return list?.length ? Math.min(...list) : undefined;
  }

  /** A request for `key` is in flight. */
  isLoading(key: string): boolean {
    return this.pending.has(key);
  }

  /**
   * Calls `listener` after every recorded action (with its entry) and every network
   * change (with `undefined`). Returns the unsubscribe.
   *
   * @example
   * const stop = devtools.subscribe((entry) => entry && console.log(entry.kind, entry.key));
   */
  subscribe(listener: (entry: TimelineEntry | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Runs `fn` without recording the actions it dispatches (time travel replays).
   *
   * @example
   * devtools.silently(() => controller.resetEntireStore());
   */
  silently<T>(fn: () => T): T {
    this.paused++;
    let result: T;
    try {
      result = fn();
    } catch (e) {
      this.paused--;
      throw e;
    }
    // Dispatches happen synchronously; a returned promise only delays the resume.
    if (result instanceof Promise) return result.finally(() => this.paused--) as T;
    this.paused--;
    return result;
  }

  private handle(controller: Controller, next: Dispatch, action: ActionTypes): Promise<void> {
    if (this.paused) return next(action);
    const before = controller.getState();
    let forwarded: ActionTypes = action;
    if ('endpoint' in action && 'args' in action) this.reads.set(action.key, { endpoint: action.endpoint, args: action.args });
    if (action.type === FETCH) forwarded = this.trackFetch(action);
    else if (action.type === SUBSCRIBE) this.polls.set(action.key, [...(this.polls.get(action.key) ?? []), action.endpoint.pollFrequency ?? Infinity]);
    else if (action.type === UNSUBSCRIBE) {
      const list = this.polls.get(action.key) ?? [];
      const i = list.indexOf(action.endpoint.pollFrequency ?? Infinity);
      if (i >= 0) list.splice(i, 1);
      if (!list.length) this.polls.delete(action.key);
    }
    const result = next(forwarded);
    // Every core manager reaches the reducer synchronously: the state is already the new one.
    const after = controller.getState();
    if (action.type === FETCH && after.optimistic.length > before.optimistic.length) {
      // The NetworkManager applied an optimistic update below us: show it as its own step.
      this.push(action, 'fetch', before, before);
      const optimistic = after.optimistic[after.optimistic.length - 1]!;
      this.push(optimistic, 'optimistic', before, after);
    } else {
      this.push(action, kindOf(action, before), before, after);
    }
    return result;
  }

  private push(action: ActionTypes, kind: TimelineKind, before: State, after: State) {
    const entry: TimelineEntry = {
      id: this.nextId++,
      kind,
      type: action.type,
      ...('key' in action ? { key: action.key } : null),
      ...('endpoint' in action ? { endpoint: action.endpoint.name } : null),
      time: Date.now(),
      diff: diffState(before, after),
      state: after,
      action,
    };
    this.entries.push(entry);
    if (this.entries.length > this.maxEntries) this.entries.splice(0, this.entries.length - this.maxEntries);
    this.emit(entry);
  }

  private trackFetch(action: FetchAction): FetchAction {
    const { endpoint, key, meta } = action;
    const read = !endpoint.sideEffect;
    let request = read ? this.pending.get(key) : undefined;
    if (request) {
      request.dedupeHits++;
      this.counts.dedupeHits++;
    } else {
      const retry = this.failedKeys.has(key);
      request = {
        id: this.nextRequest++,
        key,
        endpoint: endpoint.name,
        method: (endpoint as { method?: string }).method ?? (read ? 'GET' : 'POST'),
        startedAt: Date.now(),
        status: 'pending',
        dedupeHits: 0,
        retry,
      };
      this.counts.requests++;
      if (retry) this.counts.retries++;
      if (read) this.pending.set(key, request);
      this.pendingAll.add(request);
    }
    const req = request;
    const settle = (status: RequestEntry['status'], error?: unknown) => {
      if (req.status !== 'pending') return;
      req.status = status;
      req.endedAt = Date.now();
      if (error !== undefined) req.error = error instanceof Error ? error.message : String(error);
      if (status === 'aborted') this.counts.aborts++;
      if (status === 'error') {
        this.counts.errors++;
        this.failedKeys.add(key);
      } else if (status === 'ok') this.failedKeys.delete(key);
      if (this.pending.get(key) === req) this.pending.delete(key);
      this.pendingAll.delete(req);
      this.finished.push(req);
      if (this.finished.length > this.maxRequests) this.finished.shift();
      this.emit(undefined);
    };
    return {
      ...action,
      meta: {
        ...meta,
        resolve: (value) => {
          settle('ok');
          meta.resolve(value);
        },
        reject: (error) => {
          settle((error as { name?: string })?.name === 'AbortError' ? 'aborted' : 'error', error);
          meta.reject(error);
        },
      },
    };
  }

  /** Observers retain what they read through `controller.gc`: count those retains per key. */
  private countObservers(controller: Controller) {
    const gc = controller.gc;
    if (!gc || retainPatched.has(gc)) return;
    retainPatched.add(gc);
    const retain = gc.retain.bind(gc);
    gc.retain = (endpoint, args) => {
      const key = endpoint.key(...args);
      if (!this.reads.has(key)) this.reads.set(key, { endpoint, args });
      this.observers.set(key, (this.observers.get(key) ?? 0) + 1);
      this.emit(undefined);
      const release = retain(endpoint, args);
      let released = false;
      return () => {
        if (!released) {
          released = true;
          const n = (this.observers.get(key) ?? 1) - 1;
          if (n > 0) this.observers.set(key, n);
          else this.observers.delete(key);
          this.emit(undefined);
        }
        release();
      };
    };
  }

  private emit(entry: TimelineEntry | undefined) {
    for (const l of [...this.listeners]) l(entry);
  }
}

function kindOf(action: ActionTypes, before: State): TimelineKind {
  switch (action.type) {
    case FETCH:
      return 'fetch';
    case SET_RESPONSE: {
      if (!action.error) return 'set';
      const undone = before.optimistic.some((o) => o.key === action.key && o.meta.fetchedAt === action.meta.fetchedAt);
      return undone ? 'rollback' : 'error';
    }
    case OPTIMISTIC:
      return 'optimistic';
    case INVALIDATE:
    case INVALIDATE_ALL:
      return 'invalidate';
    case EXPIRE_ALL:
      return 'expire';
    case RESET:
      return 'reset';
    case GC:
      return 'gc';
    case SUBSCRIBE:
      return 'subscribe';
    case UNSUBSCRIBE:
      return 'unsubscribe';
    case RELEASE:
      return 'release';
    default:
      return 'set';
  }
}
