// Long on purpose: one opt-in manager owning the saved mutation queue end to end
// (save, replay in order, idempotency keys, conflicts); apps that do not import
// @resto/core/persist carry none of it.
import { parse, stringify } from 'devalue';
import type { Controller, Dispatch } from '../controller';
import { freshnessOption, report } from '../environment';
import { endpointsByName } from '../managers/endpointsByName';
import type { Manager, Middleware } from '../managers/Manager';
import { offlineHold } from '../managers/OfflineManager';
import { FETCH, type ActionTypes, type EndpointLike, type FetchAction } from '../state';
import { defaultStorage, type PersistStorage } from './storage';

/** One mutation waiting in the saved queue. */
export interface QueuedMutation {
  /** Unique per mutation. */
  readonly id: string;
  /** The endpoint's stable name (`'Todo.partialUpdate'`, or the `name` you gave it). */
  readonly name: string;
  readonly args: readonly unknown[];
  /** When it was made (ms). */
  readonly fetchedAt: number;
  /** The tab that sends it; another tab takes it over once that one is gone. */
  readonly tab: string;
}

/** What went wrong, for {@link OfflineQueueOptions.onError}. */
export type OfflineQueuePhase = 'restore' | 'save' | 'replay';

/** The part of `navigator.locks` the queue uses. */
interface Locks {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown>;
  query?(): Promise<{ held?: readonly { name?: string }[] }>;
}

/** Options of {@link OfflineQueueManager}. */
export interface OfflineQueueOptions {
  /**
   * The mutations that may be replayed after a reload: resources (every member,
   * `getList.push` and the like included, named `Todo.partialUpdate`) and endpoints
   * (by their `name`). A mutation queued offline whose endpoint is not here is refused
   * with an error when it is made: it could not be found again after a reload.
   */
  readonly endpoints: readonly object[];
  /** Where the queue goes (default: what PersistManager uses: IndexedDB, else `localStorage`). */
  readonly storage?: PersistStorage;
  /** Storage key of the queue (default `'resto:queue'`). */
  readonly key?: string;
  /**
   * A queued mutation the server refused (a 4xx such as 409 or 412): it left the queue
   * and its optimistic update was rolled back. Show it to the user, or merge and retry.
   */
  readonly onConflict?: (error: unknown, mutation: QueuedMutation) => void;
  /** Storage failures and mutations that can no longer be replayed. Default: `console.warn`. */
  readonly onError?: (error: unknown, phase: OfflineQueuePhase) => void;
  /**
   * The request header that carries each queued mutation's id, the same on every send
   * (default `'Idempotency-Key'`; `false` sends none). A tab closed after a mutation
   * left but before its answer came cannot know whether the server got it, so the next
   * tab sends it again: a server that keeps the answer per key applies it once. A
   * cross-origin server must list the header in `Access-Control-Allow-Headers`.
   * Only endpoints with `getHeaders` (every `RestEndpoint`) carry it.
   */
  readonly idempotencyKey?: string | false;
  /** Replaces `navigator.locks` (tests); `null` means none. */
  readonly locks?: Locks | null;
}

type WithHeaders = EndpointLike & { getHeaders?: (headers: HeadersInit) => HeadersInit | Promise<HeadersInit> };

/**
 * Saves the mutations queued while offline (`queueOfflineMutations`) so that they
 * survive a reload: after it, they are sent again, in order, once the network is back,
 * with their optimistic updates shown meanwhile. Endpoints are code, so each one is
 * found again by its stable name among `endpoints`. A mutation leaves the saved queue
 * only once the server answered it; one the server refuses (4xx) goes to `onConflict`,
 * its optimistic update rolled back.
 *
 * With tab sync (`@resto/core/sync`), only the leader tab replays what a closed tab
 * left, and each tab marks what it sends as its own with a Web Lock, so two tabs
 * reconnecting at once do not send one mutation twice.
 *
 * Put it before the NetworkManager. It brings the OfflineManager's hold (queueing needs it).
 * The client is offline when its `online` signal says so: add a WindowEventsManager for the
 * browser's events (or set `client.online` yourself).
 *
 * @example
 * import { OfflineQueueManager, PersistManager } from '@resto/core/persist';
 * const client = createClient({
 *   queueOfflineMutations: true,
 *   managers: [
 *     new PersistManager(),
 *     new OfflineQueueManager({ endpoints: [TodoResource], onConflict: (error, m) => toast(`${m.name} was refused`) }),
 *     ...getDefaultManagers(),
 *     new WindowEventsManager(),
 *   ],
 * });
 */
export class OfflineQueueManager implements Manager {
  /** This tab's id in the saved queue. */
  readonly id = Math.random().toString(36).slice(2, 10);
  /** Settles once the saved queue was read and what it held was handed to the network. */
  readonly restored: Promise<void>;
  private settle!: () => void;
  private readonly registry: Map<string, EndpointLike>;
  private readonly storage: PersistStorage | undefined;
  private readonly key: string;
  private readonly onConflict: (error: unknown, mutation: QueuedMutation) => void;
  private readonly onError: (error: unknown, phase: OfflineQueuePhase) => void;
  private readonly locks: Locks | undefined;
  private readonly idempotencyKey: string | false;
  private controller: Controller | undefined;
  /** The saved queue as last read or written by this tab. */
  private saved: QueuedMutation[] = [];
  /** Reads and writes of the saved queue, one after another. */
  private chain: Promise<unknown> = Promise.resolve();
  /** This tab's mutations not answered yet. */
  private live = 0;
  /** The saved mutation being handed to the network again (its FETCH is not saved twice). */
  private replaying: QueuedMutation | undefined;
  private readonly listeners = new Set<(queue: readonly QueuedMutation[]) => void>();
  private readonly release = new AbortController();
  private unlock: (() => void) | undefined;
  private stopLeader: (() => void) | undefined;
  private stopOnline: (() => void) | undefined;
  private adopting = false;
  private adoptAgain = false;
  /** Tabs whose end this one waits for (see watch). */
  private readonly watched = new Set<string>();
  private stopped = false;

  constructor({ endpoints, storage, key = 'resto:queue', onConflict, onError, locks, idempotencyKey = 'Idempotency-Key' }: OfflineQueueOptions) {
    if (!Array.isArray(endpoints)) throw new TypeError('OfflineQueueManager: option endpoints must list the resources and endpoints that may be replayed');
    this.registry = endpointsByName(endpoints, 'OfflineQueueManager');
    this.storage = storage ?? defaultStorage();
    this.key = key;
    this.onConflict = onConflict ?? ((error, m) => console.warn(`Resto OfflineQueueManager: the server refused ${m.name}`, error));
    this.onError = onError ?? ((error, phase) => console.warn(`Resto OfflineQueueManager: ${phase} failed`, error));
    this.locks = locks === null ? undefined : (locks ?? (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks);
    this.restored = new Promise<void>((resolve) => (this.settle = resolve));
    this.idempotencyKey = idempotencyKey;
  }

  /** The names of the mutations it can replay (`'Todo.partialUpdate'`, `'Todo.getList.push'`...). */
  get names(): string[] {
    return [...this.registry.keys()];
  }

  /** The saved queue as this tab last saw it, oldest first (devtools shows it). */
  get queue(): readonly QueuedMutation[] {
    return this.saved;
  }

  /**
   * Told the saved queue each time this tab reads or writes it.
   *
   * @example
   * queue.subscribe((q) => (badge.textContent = String(q.length)));
   */
  subscribe(listener: (queue: readonly QueuedMutation[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    // Queueing offline is the hold's: one per client, whichever manager installed it first.
    // (The hold installs the `online` signal this manager reads.)
    controller.environment.offline ??= offlineHold(controller.environment);
    return (next: Dispatch) => (action: ActionTypes) => {
      if (action.type !== FETCH || !action.endpoint.sideEffect || this.stopped) return next(action);
      const replay = this.replaying;
      this.replaying = undefined;
      if (replay) return next(this.track(action, replay));
      const env = controller.environment;
      // Only what the network manager queues: offline, or behind mutations still queued.
      if (!freshnessOption(env, action.endpoint, 'queueOfflineMutations') || (env.online!.value && this.live === 0)) return next(action);
      const name = action.endpoint.name;
      if (!name || this.registry.get(name) === undefined) {
        action.meta.reject(
          new TypeError(
            `Resto OfflineQueueManager: ${name || 'an endpoint with no name'} was queued offline, but it is not among the queue's endpoints, ` +
              'so it could not be sent after a reload. Add its resource (or give it a name and add it) to OfflineQueueManager({ endpoints }).',
          ),
        );
        return Promise.resolve();
      }
      const entry: QueuedMutation = { id: `${this.id}-${action.meta.fetchedAt}-${Math.random().toString(36).slice(2, 6)}`, name, args: action.args, fetchedAt: action.meta.fetchedAt, tab: this.id };
      try {
        stringify(entry.args);
      } catch (error) {
        action.meta.reject(new TypeError(`Resto OfflineQueueManager: the arguments of ${name} cannot be saved (${(error as Error).message})`, { cause: error }));
        return Promise.resolve();
      }
      void this.update((queue) => [...queue, entry]);
      return next(this.track(action, entry));
    };
  };

  init(): void {
    this.holdTabLock();
    void this.update((queue) => queue, 'restore').finally(() => {
      const tabs = this.controller?.environment.tabs;
      this.stopLeader = tabs?.subscribe?.((leads) => leads && void this.adopt());
      // Back online: what tabs closed meanwhile left is sent now.
      const env = this.controller?.environment;
      this.stopOnline = env?.online!.subscribe((online) => online && void this.adopt());
      void this.adopt().finally(() => this.settle());
    });
  }

  /** Stops; what is still queued stays saved for the next start. */
  cleanup(): void {
    this.stopped = true;
    this.stopLeader?.();
    this.stopOnline?.();
    this.release.abort();
    this.unlock?.();
    this.settle();
  }

  /**
   * The action with its settling wrapped (the mutation leaves the saved queue once
   * answered) and its endpoint sending the mutation's id in the idempotency header.
   */
  private track(action: FetchAction, entry: QueuedMutation): FetchAction {
    this.live++;
    const header = this.idempotencyKey;
    const base = action.endpoint as WithHeaders;
    const getHeaders = base.getHeaders;
    // Only the request sees it: the wrapper inherits the key, schema and every option.
    const endpoint: EndpointLike =
      header && typeof getHeaders === 'function'
        ? Object.create(base, {
            getHeaders: {
              async value(this: WithHeaders, headers: HeadersInit) {
                const out = new Headers(await getHeaders.call(this, headers));
                out.set(header, entry.id);
                return out;
              },
            },
          })
        : base;
    const { resolve, reject } = action.meta;
    const done = () => {
      this.live--;
      void this.update((queue) => queue.filter((m) => m.id !== entry.id));
    };
    return {
      ...action,
      endpoint,
      meta: {
        ...action.meta,
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          const { status, name } = (error ?? {}) as { status?: unknown; name?: unknown };
          // No answer (the network failed, a timeout, an abort, the tab is closing): it stays saved for the next start.
          if (typeof status === 'number' && name !== 'AbortError' && name !== 'TimeoutError') {
            done();
            if (status >= 400 && status < 500) this.onConflict(error, entry);
            else this.onError(error, 'replay');
          } else this.live--;
          reject(error);
        },
      },
    };
  }

  /** Hands the saved mutations of tabs that are gone to the network, in order (leader only). */
  private async adopt(): Promise<void> {
    const controller = this.controller;
    const tabs = controller?.environment.tabs;
    if (!controller || this.stopped || (tabs && !tabs.leader)) return;
    // Asked again while it runs (a tab ended meanwhile): once more when it is done.
    if (this.adopting) {
      this.adoptAgain = true;
      return;
    }
    this.adopting = true;
    try {
      const alive = await this.aliveTabs();
      let mine: QueuedMutation[] = [];
      await this.update((queue) => {
        for (const m of queue) if (m.tab !== this.id && alive.has(m.tab)) this.watch(m.tab);
        mine = queue.filter((m) => m.tab !== this.id && !alive.has(m.tab)).map((m) => ({ ...m, tab: this.id }));
        if (!mine.length) return queue;
        const adopted = new Map(mine.map((m) => [m.id, m]));
        return queue.map((m) => adopted.get(m.id) ?? m);
      });
      for (const entry of mine) {
        if (this.stopped) return;
        const endpoint = this.registry.get(entry.name);
        if (!endpoint) {
          this.onError(new Error(`Resto OfflineQueueManager: a saved ${entry.name} cannot be sent: no such endpoint among the queue's endpoints; it is dropped`), 'replay');
          await this.update((queue) => queue.filter((m) => m.id !== entry.id));
          continue;
        }
        this.replaying = entry;
        const sent = controller.fetch(endpoint, ...(entry.args as never[])).catch(() => undefined);
        this.replaying = undefined;
        // Offline, the network manager queues them in order; online, one after another.
        if (controller.environment.online!.value) await sent;
      }
    } finally {
      this.adopting = false;
      if (this.adoptAgain) {
        this.adoptAgain = false;
        void this.adopt();
      }
    }
  }

  /**
   * Waits for a live tab that has saved mutations to end (its queue lock comes free),
   * then takes them over: a tab closed mid-queue leaves nothing behind while this one leads.
   */
  private watch(tab: string): void {
    if (!this.locks || this.watched.has(tab)) return;
    this.watched.add(tab);
    this.locks
      .request(`${this.key}:tab:${tab}`, { signal: this.release.signal }, async () => {
        this.watched.delete(tab);
        void this.adopt();
      })
      .catch(() => undefined);
  }

  /** Tabs holding their queue lock (alive). Without Web Locks only this one is known. */
  private async aliveTabs(): Promise<Set<string>> {
    const prefix = `${this.key}:tab:`;
    try {
      const { held = [] } = (await this.locks?.query?.()) ?? {};
      return new Set(held.map((l) => l.name ?? '').filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length)));
    } catch {
      return new Set();
    }
  }

  private holdTabLock(): void {
    this.locks
      ?.request(`${this.key}:tab:${this.id}`, { signal: this.release.signal }, () => new Promise<void>((resolve) => (this.unlock = resolve)))
      .catch(() => undefined);
  }

  /** Read, change and write the saved queue, one change at a time (and across tabs, with Web Locks). */
  private update(change: (queue: QueuedMutation[]) => QueuedMutation[], phase: OfflineQueuePhase = 'save'): Promise<void> {
    const storage = this.storage;
    const run = async () => {
      if (!storage) {
        this.saved = change(this.saved);
        return;
      }
      const text = await storage.getItem(this.key);
      let queue: QueuedMutation[] = [];
      if (text) {
        try {
          queue = parse(text) as QueuedMutation[];
        } catch (error) {
          this.onError(new TypeError(`Resto OfflineQueueManager: the queue saved under '${this.key}' is unreadable; it is discarded`, { cause: error }), 'restore');
        }
      }
      const next = change(queue);
      if (next !== queue) await storage.setItem(this.key, stringify(next));
      this.saved = next;
    };
    const step = this.chain
      .then(() => (this.locks ? this.locks.request(`${this.key}:write`, {}, run) : run()))
      .catch((error: unknown) => this.onError(error, phase))
      .then(() => {
        // One subscriber that throws is reported; the others are still told.
        for (const l of [...this.listeners]) {
          try {
            l(this.saved);
          } catch (error) {
            report(error);
          }
        }
      });
    this.chain = step;
    return step;
  }
}
