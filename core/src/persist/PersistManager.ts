// Persistence of the store: throttled saves, the restore on start (reads wait for it),
// buster and maxAge checks, clearing on reset. Where the text goes is storage.ts's.
import { parseState, serializeState } from '../client/serializeState';
import type { Controller, Dispatch } from '../controller';
import type { Manager, Middleware } from '../managers/Manager';
import { dehydrate, FETCH, hydrate, RELEASE, RESET, type ActionTypes, type DehydratedState, type State } from '../state';
import { defaultStorage, type PersistStorage } from './storage';

/** Which parts of the store a {@link PersistManager} saves; everything when left out. */
export interface PersistFilter {
  /**
   * Endpoint results to save, by key (`endpoint.key(...args)`, e.g. `'GET /todos'`).
   * Save the entities such a result points to as well, or it restores as missing.
   */
  readonly results?: (key: string) => boolean;
  /** Entity kinds to save, by their `key` (e.g. `'Todo'`). */
  readonly entities?: (entityKey: string) => boolean;
}

/** What went wrong, for {@link PersistOptions.onError}. */
export type PersistPhase = 'restore' | 'save' | 'clear';

/** Options of {@link PersistManager}. */
export interface PersistOptions {
  /**
   * Where the snapshot goes. Default: IndexedDB (through `idb-keyval`) where it exists,
   * else `localStorage`, else nothing is saved. See {@link PersistStorage}.
   */
  readonly storage?: PersistStorage;
  /** Storage key of the snapshot (default `'resto'`): one per app and user kind. */
  readonly key?: string;
  /**
   * Version of what is saved: a snapshot saved with another buster is discarded on
   * restore. Change it when entities or endpoints change shape (default `''`).
   */
  readonly buster?: string;
  /** Snapshots older than this many ms are discarded on restore (default 24 h). */
  readonly maxAge?: number;
  /**
   * At most one write per this many ms (default 1000); the last state is always
   * written, and a pending write is flushed when the client is destroyed.
   */
  readonly throttle?: number;
  /** Save only some results and entity kinds. */
  readonly filter?: PersistFilter;
  /**
   * Reads wait for the restore at most this many ms (default 3000): a storage that
   * never answers (a stuck IndexedDB open) is reported and the app goes on without it.
   */
  readonly restoreTimeout?: number;
  /**
   * Told about storage failures (unreadable snapshot, quota exceeded, blocked storage).
   * They never break the client. Default: `console.warn`.
   */
  readonly onError?: (error: unknown, phase: PersistPhase) => void;
}

const DAY = 24 * 60 * 60 * 1000;

/** The saved text: a JSON header line, then the snapshot as `serializeState` writes it. */
interface Header {
  readonly buster: string;
  readonly savedAt: number;
}

/**
 * Saves the store to storage (throttled) and restores it when the client starts,
 * so a reload shows the last data at once. Opt in by adding it to the managers:
 * it lives in `@resto/core/persist`, so apps that do not import it carry none of it.
 *
 * Restoring starts when the client starts. Reads that start before it settled wait
 * for it, then go to the network: the page shows the restored data at once and
 * revalidates it in the background. Mutations never wait. Restored data keeps its
 * own expiry, so a read that mounts later refetches only what is stale. Optimistic
 * updates are never saved; a reset (logout) removes the saved snapshot.
 *
 * Put it before the NetworkManager (first is simplest): a manager sees a read only
 * if the ones before it passed it on, and the NetworkManager starts reads itself.
 *
 * @example
 * import { PersistManager } from '@resto/core/persist';
 * const persist = new PersistManager({ buster: 'v1' });
 * const client = createClient({ managers: [persist, ...getDefaultManagers()] });
 * await persist.restored; // optional: mount once the saved data is in
 */
export class PersistManager implements Manager {
  /**
   * Settles once the saved snapshot was read and merged (or found missing, outdated
   * or unreadable). Never rejects.
   */
  readonly restored: Promise<void>;
  private settle!: () => void;
  private settled = false;
  private readonly storage: PersistStorage | undefined;
  private readonly key: string;
  private readonly buster: string;
  private readonly maxAge: number;
  private readonly throttle: number;
  private readonly restoreTimeout: number;
  private readonly filter: PersistFilter | undefined;
  private readonly onError: (error: unknown, phase: PersistPhase) => void;
  private controller: Controller | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWrite = -Infinity;
  /** The state last written (or restored): a write of the same state is skipped. */
  private written: State | undefined;
  /** Writes and removals run one after another, so the last one issued is the one kept. */
  private queue: Promise<unknown> = Promise.resolve();
  private resetBeforeRestore = false;
  private stopped = false;

  constructor({ storage, key = 'resto', buster = '', maxAge = DAY, throttle = 1000, filter, onError, restoreTimeout = 3000 }: PersistOptions = {}) {
    for (const [name, value] of [['maxAge', maxAge], ['throttle', throttle], ['restoreTimeout', restoreTimeout]] as const) {
      if (typeof value !== 'number' || !(value >= 0)) {
        throw new TypeError(`PersistManager: option ${name} must be a number of ms >= 0, got ${String(value)}`);
      }
    }
    if (typeof key !== 'string' || key === '') throw new TypeError(`PersistManager: option key must be a non-empty string, got ${String(key)}`);
    this.storage = storage ?? defaultStorage();
    this.key = key;
    this.buster = String(buster);
    this.maxAge = maxAge;
    this.throttle = throttle;
    this.restoreTimeout = restoreTimeout;
    this.filter = filter;
    this.onError = onError ?? ((error, phase) => console.warn(`Resto PersistManager: ${phase} of '${key}' failed`, error));
    this.restored = new Promise<void>((resolve) => (this.settle = resolve));
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    const held = new Set<string>();
    return (next: Dispatch) => (action: ActionTypes) => {
      if (!this.settled) {
        // Reads wait for the restore so they revalidate restored data instead of racing it;
        // a release of such a read waits too, to come after it.
        if (action.type === FETCH && !action.endpoint.sideEffect) {
          held.add(action.key);
          return this.restored.then(() => {
            // The client was destroyed while the read waited: it must not start now.
            if (this.stopped) action.meta.reject(new Error(`Resto: ${action.key} was read after client.destroy()`));
            else return next(action);
          });
        }
        if (action.type === RELEASE && held.has(action.key)) return this.restored.then(() => next(action));
        // A logout before the restore finished: the old user's data must not come back.
        if (action.type === RESET) this.resetBeforeRestore = true;
      }
      const done = next(action);
      if (action.type === RESET) void this.clear();
      else this.changed();
      return done;
    };
  };

  init(): void {
    void this.restore().finally(() => {
      this.settled = true;
      this.settle();
      this.changed();
    });
  }

  /**
   * Removes the saved snapshot (a pending save is dropped). Later changes are saved again.
   *
   * @example
   * await persist.clear();
   */
  clear(): Promise<void> {
    this.cancelTimer();
    this.written = this.controller?.getState();
    return this.enqueue('clear', () => this.storage?.removeItem(this.key));
  }

  /**
   * Writes a pending change now instead of when the throttle allows; resolves once
   * the storage has everything issued so far. For moments the page may end (an app
   * sent to the background in React Native, `pagehide`).
   *
   * @example
   * AppState.addEventListener('change', (s) => s === 'background' && void persist.flush());
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      this.cancelTimer();
      this.write();
    }
    return this.queue.then(() => undefined);
  }

  /** Stops saving; a pending save is written now. */
  cleanup(): void {
    void this.flush();
    this.stopped = true;
  }

  private async restore(): Promise<void> {
    if (!this.storage || !this.controller) return;
    let text: string | null | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`reading the saved store took over ${this.restoreTimeout} ms; going on without it`)), this.restoreTimeout);
      });
      text = await Promise.race([this.storage.getItem(this.key), timedOut]);
    } catch (error) {
      this.onError(error, 'restore');
      return;
    } finally {
      clearTimeout(timer);
    }
    if (text === null || text === undefined) return;
    let snapshot: DehydratedState;
    try {
      const newline = text.indexOf('\n');
      const header = JSON.parse(text.slice(0, newline)) as Header;
      if (this.resetBeforeRestore || header.buster !== this.buster || !(Date.now() - header.savedAt <= this.maxAge)) {
        void this.clear();
        return;
      }
      snapshot = parseState(text.slice(newline + 1));
    } catch (error) {
      this.onError(new TypeError(`Resto PersistManager: the snapshot saved under '${this.key}' is unreadable; it is discarded`, { cause: error }), 'restore');
      void this.clear();
      return;
    }
    try {
      await hydrate(this.controller, snapshot);
    } catch (error) {
      this.onError(error, 'restore');
      return;
    }
    // Nothing new to save until something changes after the restore.
    this.written = this.controller.getState();
  }

  /** After every action: schedules a write when the state changed (throttled). */
  private changed(): void {
    if (!this.settled || this.stopped || !this.storage || this.timer !== undefined) return;
    if (this.controller?.getState() === this.written) return;
    const wait = Math.max(0, this.lastWrite + this.throttle - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, wait);
  }

  private write(): void {
    const state = this.controller?.getState();
    if (!state || state === this.written) return;
    // What readers see includes pending optimistic updates; save once they settled
    // (settling changes the state, which schedules the next write).
    if (state.optimistic.length) return;
    this.lastWrite = Date.now();
    this.written = state;
    let text: string;
    try {
      text = `${JSON.stringify({ buster: this.buster, savedAt: this.lastWrite } satisfies Header)}\n${serializeState(this.pick(dehydrate(state)))}`;
    } catch (error) {
      this.onError(error, 'save');
      return;
    }
    void this.enqueue('save', () => this.storage!.setItem(this.key, text));
  }

  private pick(snapshot: DehydratedState): DehydratedState {
    const { results, entities } = this.filter ?? {};
    const only = <T>(table: Readonly<Record<string, T>>, keep: ((key: string) => boolean) | undefined) => {
      if (!keep) return table;
      const out: Record<string, T> = {};
      for (const k of Object.keys(table)) if (keep(k)) out[k] = table[k]!;
      return out;
    };
    return {
      version: 1,
      endpoints: only(snapshot.endpoints, results),
      meta: only(snapshot.meta, results),
      entities: only(snapshot.entities, entities),
      entitiesMeta: only(snapshot.entitiesMeta, entities),
      indexes: only(snapshot.indexes, entities),
    };
  }

  private enqueue(phase: PersistPhase, run: () => unknown): Promise<void> {
    const step = this.queue.then(async () => {
      try {
        await run();
      } catch (error) {
        this.onError(error, phase);
      }
    });
    this.queue = step;
    return step;
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
