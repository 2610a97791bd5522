// Long on purpose: one opt-in manager that owns the whole tab protocol (messages,
// leader election, diffing, pending optimistic updates); apps without tabSync() carry
// none of it.
import { parse, stringify } from 'devalue';
import { parseState, serializeState } from '../client/serializeState';
import type { Controller, Dispatch } from '../controller';
import { EnvironmentSignal, report, type TabRole } from '../environment';
import { endpointsByName } from '../managers/endpointsByName';
import type { Manager, Middleware } from '../managers/Manager';
import {
  dehydrate,
  EXPIRE_ALL,
  FETCH,
  GC,
  HYDRATE,
  hydrate,
  INVALIDATE,
  optimisticAction,
  INVALIDATE_ALL,
  RELEASE,
  RESET,
  type ActionTypes,
  type DehydratedState,
  type EndpointLike,
  type OptimisticAction,
  type State,
} from '../state';

/** Options of {@link TabSyncManager} (and {@link tabSync}). */
export interface TabSyncOptions {
  /**
   * Names the channel and the leader lock (default `'resto'`): two apps on one origin
   * give different names so their stores do not mix.
   */
  readonly name?: string;
  /**
   * A new tab holds its first reads this many ms at most (default 1000) while it asks
   * the open tabs for what they hold. It waits only when another tab is known to be
   * open (Web Locks); without Web Locks, when nobody can tell, it waits at most 100 ms.
   */
  readonly helloTimeout?: number;
  /**
   * Elect one leader tab with the Web Locks API (default `true`). Without
   * `navigator.locks` (or with `false`) every tab is its own leader.
   */
  readonly elect?: boolean;
  /**
   * Mutations whose optimistic updates the other tabs show while they are pending:
   * resources (every member, named `Todo.partialUpdate`) and endpoints (by their
   * `name`), as for `OfflineQueueManager`. A pending update reaches the other tabs by
   * name and arguments, and leaves them when it settles (or its tab closes). Without
   * it, the other tabs see only the settled result.
   */
  readonly endpoints?: readonly object[];
  /** Replaces `globalThis.BroadcastChannel` (tests, polyfills). */
  readonly BroadcastChannel?: new (name: string) => BroadcastChannelLike;
  /** Replaces `navigator.locks` (tests); `null` means none. */
  readonly locks?: LockManagerLike | null;
}

/** The part of `BroadcastChannel` the sync uses. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** The part of `navigator.locks` leader election uses. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown>;
  query?(): Promise<{ held?: readonly { name?: string }[]; pending?: readonly { name?: string }[] }>;
}

/** One message between tabs, as devtools lists it. */
export interface SyncTraffic {
  readonly direction: 'in' | 'out';
  /** `data` (stored results and entities), `invalidate`, `expire`, `reset`, `hello`, `welcome`, `optimistic`, `settled`. */
  readonly type: SyncMessage['t'];
  /** Endpoint keys it names (data, invalidate, expire). */
  readonly keys: readonly string[];
  /** Entities it carries (data, welcome). */
  readonly entities: number;
  /** The other tab's id. */
  readonly tab: string;
  readonly at: number;
}

type SyncMessage =
  | { readonly t: 'data'; readonly from: string; readonly text: string }
  | { readonly t: 'invalidate'; readonly from: string; readonly keys: readonly string[]; readonly date?: number }
  | { readonly t: 'expire'; readonly from: string; readonly keys: readonly string[] }
  | { readonly t: 'reset'; readonly from: string; readonly date: number }
  | { readonly t: 'hello'; readonly from: string }
  | { readonly t: 'optimistic'; readonly from: string; readonly key: string; readonly name: string; readonly args: string; readonly fetchedAt: number }
  | { readonly t: 'settled'; readonly from: string; readonly key: string; readonly fetchedAt: number }
  | { readonly t: 'welcome'; readonly from: string; readonly to: string; readonly text: string };

type Table = Record<string, unknown>;

/**
 * What changed between two states, as a partial snapshot: results whose value or meta
 * is another object, entities whose value or meta is. Undefined when nothing did.
 * Removals (garbage collection) are not changes: each tab collects on its own.
 */
export function diffState(prev: State, next: State): DehydratedState | undefined {
  const endpoints: Table = {};
  const meta: Table = {};
  let changed = false;
  if (next.meta !== prev.meta || next.endpoints !== prev.endpoints) {
    // for...in sees every layer of a layered table (see normalize/layeredTable).
    for (const key in next.meta) {
      const m = next.meta[key];
      if (m === undefined || (m === prev.meta[key] && next.endpoints[key] === prev.endpoints[key])) continue;
      meta[key] = m;
      if (next.endpoints[key] !== undefined) endpoints[key] = next.endpoints[key];
      changed = true;
    }
  }
  const entities: Record<string, Table> = {};
  const entitiesMeta: Record<string, Table> = {};
  for (const entityKey in next.entities) {
    const table = next.entities[entityKey];
    const tableMeta = next.entitiesMeta[entityKey];
    const before = prev.entities[entityKey];
    const beforeMeta = prev.entitiesMeta[entityKey];
    if (!table || (table === before && tableMeta === beforeMeta)) continue;
    for (const pk in table) {
      const value = table[pk];
      if (value === undefined) continue;
      const m = tableMeta?.[pk];
      if (before && before[pk] === value && beforeMeta?.[pk] === m) continue;
      (entities[entityKey] ??= {})[pk] = value;
      if (m) (entitiesMeta[entityKey] ??= {})[pk] = m;
      changed = true;
    }
  }
  if (!changed) return undefined;
  return { version: 1, endpoints, meta: meta as State['meta'], entities, entitiesMeta: entitiesMeta as State['entitiesMeta'], indexes: {} };
}

/** Keys of a state a test selects (what an invalidateAll or expireAll reached). */
function keysOf(state: State, test: (key: string) => boolean): string[] {
  const keys = new Set<string>();
  for (const key in state.meta) if (state.meta[key] !== undefined && test(key)) keys.add(key);
  for (const key in state.endpoints) if (state.endpoints[key] !== undefined && test(key)) keys.add(key);
  return [...keys];
}

function countEntities(snapshot: DehydratedState): number {
  let n = 0;
  for (const k in snapshot.entities) n += Object.keys(snapshot.entities[k] ?? {}).length;
  return n;
}

let warned = false;

/**
 * Shares one store between the tabs of an app (same origin) over `BroadcastChannel`:
 * stored results and entities, invalidations, expiry and reset (logout). A change
 * made in one tab shows in the others with no request; a tab opened while others are
 * open starts from what they hold and fetches only what is stale or missing. Changes
 * are merged newer-wins per result and per entity, so nothing is applied twice and
 * nothing echoes back. Pending optimistic updates of the mutations in `endpoints`
 * show in every tab until they settle; other mutations share only their answer.
 *
 * One tab, elected with the Web Locks API, is the leader (`leader`): it polls for all
 * tabs, so N tabs polling one endpoint send one request per interval. When it closes,
 * a waiting tab takes the lock at once. Without `navigator.locks` every tab leads.
 * Without `BroadcastChannel` the manager does nothing (a warning outside production).
 *
 * Put it first in `managers`, before a PersistManager: a new tab's first reads wait
 * for the other tabs' answer.
 *
 * @example
 * import { tabSync } from '@resto/core/sync';
 * const client = createClient({ managers: [tabSync(), ...getDefaultManagers()] });
 */
export class TabSyncManager implements Manager {
  /** This tab's id in the messages. */
  readonly id = Math.random().toString(36).slice(2, 10);
  /** True while this tab leads: it polls for all tabs. */
  readonly leader = new EnvironmentSignal(false);
  /** False when `BroadcastChannel` is missing: the manager does nothing. */
  readonly enabled: boolean;
  /** Settles once the other tabs answered a new tab (or none did in time). Never rejects. */
  readonly ready: Promise<void>;
  private settle!: () => void;
  private settled = false;
  private readonly name: string;
  private readonly helloTimeout: number;
  private readonly elect: boolean;
  private readonly Channel: (new (name: string) => BroadcastChannelLike) | undefined;
  private readonly locks: LockManagerLike | undefined;
  private channel: BroadcastChannelLike | undefined;
  private controller: Controller | undefined;
  /** The state last shared (or received): the next broadcast is what changed since. */
  private shared: State | undefined;
  private flushScheduled = false;
  /** Mutations whose optimistic updates are shared, by name. */
  private readonly named: Map<string, EndpointLike>;
  /** This tab's shared optimistic updates not settled yet (`key fetchedAt`). */
  private readonly pending = new Map<string, { key: string; fetchedAt: number }>();
  /** Other tabs' optimistic updates shown here, by tab. */
  private readonly foreign = new Map<string, Map<string, OptimisticAction>>();
  /** Actions this manager dispatched from another tab's message: never sent back. */
  private readonly remote = new WeakSet<object>();
  private readonly trafficListeners = new Set<(traffic: SyncTraffic) => void>();
  private readonly recent: SyncTraffic[] = [];
  private readonly releaseLock = new AbortController();
  private unlock: (() => void) | undefined;
  private helloTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** What the polling reads (`controller.environment.tabs`). */
  private readonly role: TabRole = Object.defineProperty({ subscribe: (l: (leader: boolean) => void) => this.leader.subscribe(l) } as TabRole, 'leader', {
    get: () => this.leader.value,
    enumerable: true,
  });

  constructor({ name = 'resto', helloTimeout = 1000, elect = true, BroadcastChannel: Channel, locks, endpoints = [] }: TabSyncOptions = {}) {
    if (typeof name !== 'string' || name === '') throw new TypeError(`TabSyncManager: option name must be a non-empty string, got ${String(name)}`);
    if (typeof helloTimeout !== 'number' || !(helloTimeout >= 0)) {
      throw new TypeError(`TabSyncManager: option helloTimeout must be a number of ms >= 0, got ${String(helloTimeout)}`);
    }
    this.name = name;
    this.named = endpointsByName(endpoints, 'TabSyncManager');
    this.helloTimeout = helloTimeout;
    this.elect = elect;
    this.Channel = Channel ?? (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
    this.locks =
      locks === null ? undefined : (locks ?? (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks);
    this.enabled = this.Channel !== undefined;
    this.ready = new Promise<void>((resolve) => (this.settle = resolve));
    if (!this.enabled) {
      this.open();
      const env = (globalThis as { process?: { env?: { NODE_ENV?: string } } }).process?.env?.NODE_ENV;
      if (env !== 'production' && !warned) {
        warned = true;
        console.warn('Resto TabSyncManager: BroadcastChannel is missing here; tabs are not synced (each tab keeps its own store).');
      }
    }
  }

  /**
   * Told about every message sent or received (devtools lists them).
   *
   * @example
   * const stop = sync.onTraffic((m) => console.log(m.direction, m.type, m.keys));
   */
  onTraffic(listener: (traffic: SyncTraffic) => void): () => void {
    this.trafficListeners.add(listener);
    return () => void this.trafficListeners.delete(listener);
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    if (this.enabled) controller.environment.tabs = this.role;
    const held = new Set<string>();
    return (next: Dispatch) => (action: ActionTypes) => {
      if (!this.enabled || this.remote.has(action)) return next(action);
      switch (action.type) {
        case FETCH:
          if (action.endpoint.sideEffect) return next(this.shareOptimistic(action));
          if (this.settled) return next(action);
          // A new tab's reads wait for what the open tabs hold, then fetch only what is
          // still stale or missing (an observer's read; `controller.fetch` always fetches).
          held.add(action.key);
          return this.ready.then(() => {
            if (this.stopped) return action.meta.reject(new Error(`Resto: ${action.key} was read after client.destroy()`));
            if (action.meta.owner && this.fresh(action.key)) {
              return action.meta.resolve(controller.getState().endpoints[action.key]);
            }
            return next(action);
          });
        case RELEASE:
          if (!this.settled && held.has(action.key)) return this.ready.then(() => next(action));
          return next(action);
        case INVALIDATE:
        case INVALIDATE_ALL:
        case EXPIRE_ALL: {
          this.flush();
          const keys = action.type === INVALIDATE ? [action.key] : keysOf(controller.getConfirmedState(), action.testKey);
          const done = next(action);
          if (keys.length) {
            if (action.type === EXPIRE_ALL) this.post({ t: 'expire', from: this.id, keys });
            else this.post({ t: 'invalidate', from: this.id, keys, date: action.date });
          }
          this.caughtUp();
          return done;
        }
        case RESET: {
          this.flushScheduled = false;
          const done = next(action);
          this.post({ t: 'reset', from: this.id, date: action.date });
          this.caughtUp();
          return done;
        }
        case GC:
        case HYDRATE: {
          // Each tab collects its own garbage and restores its own saved store: shared
          // changes before, not what these do.
          this.flush();
          const done = next(action);
          this.caughtUp();
          return done;
        }
        default: {
          const done = next(action);
          this.schedule();
          return done;
        }
      }
    };
  };

  init(state: State): void {
    this.shared = state;
    if (!this.enabled) return;
    const channel = new this.Channel!(`resto-sync:${this.name}`);
    this.channel = channel;
    channel.onmessage = (event) => this.receive(event.data as SyncMessage);
    // Held while this tab lives: the others drop its pending optimistic updates when it goes.
    this.locks
      ?.request(`resto-tab:${this.name}:${this.id}`, { signal: this.releaseLock.signal }, () => new Promise<void>((resolve) => this.releaseLock.signal.addEventListener('abort', () => resolve())))
      .catch(() => undefined);
    const others = this.electLeader();
    this.post({ t: 'hello', from: this.id });
    void others.then((open) => {
      if (open === 'no') this.open();
      else this.helloTimer = setTimeout(() => this.open(), open === 'yes' ? this.helloTimeout : Math.min(this.helloTimeout, 100));
    });
  }

  /** Leaves the channel and gives up leadership (another tab takes it at once). */
  cleanup(): void {
    this.stopped = true;
    this.flush();
    // They will not settle here: the other tabs stop showing them.
    for (const { key, fetchedAt } of this.pending.values()) this.post({ t: 'settled', from: this.id, key, fetchedAt });
    this.pending.clear();
    clearTimeout(this.helloTimer);
    this.open();
    this.channel?.close();
    this.channel = undefined;
    this.releaseLock.abort();
    this.unlock?.();
    if (this.controller?.environment.tabs === this.role) this.controller.environment.tabs = undefined;
  }

  /** Requests the leader lock; resolves whether other tabs of the app are open, if that can be told. */
  private electLeader(): Promise<'yes' | 'no' | 'unknown'> {
    if (!this.elect || !this.locks) {
      this.leader.set(true);
      return Promise.resolve('unknown');
    }
    const lockName = `resto-leader:${this.name}`;
    this.locks
      .request(lockName, { signal: this.releaseLock.signal }, () => {
        if (this.stopped) return Promise.resolve();
        this.leader.set(true);
        // Held until this tab ends (the browser frees it when the page goes) or is destroyed.
        return new Promise<void>((resolve) => (this.unlock = resolve));
      })
      .catch(() => undefined);
    if (!this.locks.query) return Promise.resolve('unknown');
    // This tab's own request is held or pending: any other one is another tab.
    return this.locks.query().then(
      ({ held = [], pending = [] }) => ([...held, ...pending].filter((l) => l.name === lockName).length > 1 ? 'yes' : 'no'),
      () => 'unknown' as const,
    );
  }

  /** Lets the held reads go. */
  private open(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.helloTimer);
    this.settle();
  }

  private fresh(key: string): boolean {
    const state = this.controller!.getConfirmedState();
    const meta = state.meta[key];
    return meta !== undefined && !meta.invalidated && !meta.error && state.endpoints[key] !== undefined && meta.expiresAt > Date.now();
  }

  private schedule(): void {
    if (this.flushScheduled || !this.channel) return;
    this.flushScheduled = true;
    // Many changes in one tick go as one message, well within a frame.
    queueMicrotask(() => this.flush());
  }

  /**
   * Sends what changed in the confirmed state since the last shared one. Pending
   * optimistic updates are not in it: they go by name (see shareOptimistic).
   */
  private flush(): void {
    this.flushScheduled = false;
    const state = this.controller?.getConfirmedState();
    if (!state || !this.channel || state === this.shared) return;
    const changes = this.shared ? diffState(this.shared, state) : undefined;
    this.shared = state;
    if (changes) this.post({ t: 'data', from: this.id, text: serializeState(changes) }, changes);
  }

  /** After a change this manager need not share: what is stored now counts as shared. */
  private caughtUp(): void {
    const state = this.controller?.getConfirmedState();
    if (state && !this.flushScheduled) this.shared = state;
  }

  private post(message: SyncMessage, snapshot?: DehydratedState): void {
    if (!this.channel) return;
    try {
      this.channel.postMessage(message);
    } catch (error) {
      console.warn('Resto TabSyncManager: a message could not be sent to the other tabs', error);
      return;
    }
    this.tell('out', message, snapshot);
  }

  /** The last 100 messages sent and received, oldest first (devtools lists them). */
  get traffic(): readonly SyncTraffic[] {
    return this.recent;
  }

  private tell(direction: 'in' | 'out', message: SyncMessage, snapshot?: DehydratedState): void {
    const keys = 'keys' in message ? message.keys : 'key' in message ? [message.key] : snapshot ? Object.keys(snapshot.meta) : [];
    const traffic: SyncTraffic = {
      direction,
      type: message.t,
      keys,
      entities: snapshot ? countEntities(snapshot) : 0,
      tab: direction === 'in' ? message.from : this.id,
      at: Date.now(),
    };
    this.recent.push(traffic);
    if (this.recent.length > 100) this.recent.shift();
    // One listener that throws (a devtools panel) is reported; the others and the sync go on.
    for (const l of [...this.trafficListeners]) {
      try {
        l(traffic);
      } catch (error) {
        report(error);
      }
    }
  }

  private receive(message: SyncMessage): void {
    const controller = this.controller;
    if (this.stopped || !controller || !message || message.from === this.id) return;
    if (message.t === 'welcome' && message.to !== this.id) return;
    // What this tab changed goes out before what it hears is applied.
    this.flush();
    let snapshot: DehydratedState | undefined;
    try {
      if (message.t === 'data' || message.t === 'welcome') snapshot = parseState(message.text);
    } catch (error) {
      console.warn('Resto TabSyncManager: an unreadable message from another tab was dropped', error);
      return;
    }
    this.tell('in', message, snapshot);
    const apply = (action: ActionTypes) => {
      this.remote.add(action);
      void controller.dispatch(action);
    };
    switch (message.t) {
      case 'hello': {
        // A tab still waiting for the others' answer holds nothing worth sending: an empty
        // answer would end the newcomer's wait before the tab that holds the data answered.
        if (!this.settled) return;
        const state = controller.getConfirmedState();
        this.post({ t: 'welcome', from: this.id, to: message.from, text: serializeState(dehydrate(state)) });
        return;
      }
      case 'welcome':
      case 'data':
        apply({ type: HYDRATE, snapshot: snapshot!, merge: hydrate });
        if (message.t === 'welcome') this.open();
        break;
      case 'invalidate': {
        const keys = new Set(message.keys);
        apply({ type: INVALIDATE_ALL, testKey: (key) => keys.has(key), date: message.date });
        break;
      }
      case 'expire': {
        const keys = new Set(message.keys);
        apply({ type: EXPIRE_ALL, testKey: (key) => keys.has(key) });
        break;
      }
      case 'reset':
        apply({ type: RESET, date: message.date });
        break;
      case 'optimistic': {
        const endpoint = this.named.get(message.name);
        if (!endpoint?.getOptimisticResponse) return;
        let args: unknown[];
        try {
          args = parse(message.args) as unknown[];
        } catch {
          return;
        }
        const action = optimisticAction(endpoint, message.key, args, message.fetchedAt);
        let mine = this.foreign.get(message.from);
        if (!mine) {
          this.foreign.set(message.from, (mine = new Map()));
          // When that tab ends (its lock comes free), what it left pending goes.
          this.locks
            ?.request(`resto-tab:${this.name}:${message.from}`, { signal: this.releaseLock.signal }, async () => this.dropForeign(message.from))
            .catch(() => undefined);
        }
        mine.set(`${message.key} ${message.fetchedAt}`, action);
        apply(action);
        break;
      }
      case 'settled': {
        const id = `${message.key} ${message.fetchedAt}`;
        const action = this.foreign.get(message.from)?.get(id);
        if (!action) return;
        this.foreign.get(message.from)!.delete(id);
        apply({ ...action, drop: true });
        break;
      }
    }
    this.caughtUp();
  }

  /**
   * A mutation whose optimistic update other tabs can show: announced by name and
   * arguments now, and as settled once its request ends (its result, if any, goes
   * first as data).
   */
  private shareOptimistic(action: Extract<ActionTypes, { type: typeof FETCH }>): ActionTypes {
    const { endpoint, key, args, meta } = action;
    const name = endpoint.name;
    if (!endpoint.getOptimisticResponse || !name || this.named.get(name) !== endpoint || !this.channel) return action;
    let text: string;
    try {
      text = stringify(args);
    } catch {
      return action;
    }
    const id = `${key} ${meta.fetchedAt}`;
    this.pending.set(id, { key, fetchedAt: meta.fetchedAt });
    this.post({ t: 'optimistic', from: this.id, key, name, args: text, fetchedAt: meta.fetchedAt });
    const settle = () => {
      if (!this.pending.delete(id)) return;
      this.flush();
      this.post({ t: 'settled', from: this.id, key, fetchedAt: meta.fetchedAt });
    };
    return {
      ...action,
      meta: {
        ...meta,
        resolve: (value) => {
          settle();
          meta.resolve(value);
        },
        reject: (error) => {
          settle();
          meta.reject(error);
        },
      },
    };
  }

  /** Another tab ended: its pending optimistic updates leave this tab. */
  private dropForeign(tab: string): void {
    const mine = this.foreign.get(tab);
    this.foreign.delete(tab);
    if (!mine || this.stopped || !this.controller) return;
    for (const action of mine.values()) {
      const drop = { ...action, drop: true };
      this.remote.add(drop);
      void this.controller.dispatch(drop);
    }
    this.caughtUp();
  }
}

/**
 * Tab sync in one line: a {@link TabSyncManager} to put first in `managers`.
 *
 * @example
 * import { createClient, getDefaultManagers } from '@resto/core';
 * import { tabSync } from '@resto/core/sync';
 * const client = createClient({ managers: [tabSync({ name: 'my-app' }), ...getDefaultManagers()] });
 */
export function tabSync(options?: TabSyncOptions): TabSyncManager {
  return new TabSyncManager(options);
}
