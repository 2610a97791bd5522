// Who reads what: one map from what can change (an endpoint key, an entity, a table) to
// the subscribed reads that depend on it, plus the store's plain listeners, which hear
// every change; the batched refresh of what a change wakes. It never reads the store:
// observers register, createClient hands it each ChangeSet.
import { Subscribable } from '../environment/Subscribable';
import type { ChangeSet } from '../state';
import { scheduleRefresh, unschedule } from './notifyQueue';

/** A subscribed read the index can wake: it recomputes and notifies its listeners in `refresh`. */
export interface Reader {
  /** Set when something it reads changed (or the read itself asks to recompute); cleared when it recomputes. @internal */
  dirty: boolean;
  /** Recompute, decide whether to fetch, notify if the snapshot changed. @internal */
  refresh(): void;
  /** Drops its listeners (the client is destroyed); an observer is its own reader, the plain listeners' face has none. */
  close?(): void;
}

/** What a reader depends on, as registered (see {@link ReaderIndex.track}). */
export interface ReaderDeps {
  /** Its endpoint key (stored result and meta), if any. */
  readonly key: string | undefined;
  /** Flat triples `entityKey, pk, value` of denormalized entities. */
  readonly deps: readonly unknown[];
  /** Flat pairs `entityKey, pk` looked up by a query. */
  readonly entities: readonly string[];
  /** Entity keys whose whole table a query read. */
  readonly tables: readonly string[];
}

// One two-level name space for the three kinds (no string is built on the hot path):
// an entity is (entity key, pk), a whole table (entity key, ALL), an endpoint key (ALL, key).
const ALL = '\0';

/**
 * Which subscribed reads depend on which endpoint keys, entities and tables, so a
 * store change wakes only the reads it could change: the cost of a change is the
 * size of the change plus the readers it wakes, never the number of readers.
 * Woken readers are refreshed together in one microtask (notifyQueue.ts). Its own
 * listeners (`subscribe`, the client's) hear every store change, in the same batch.
 *
 * @example
 * const index = new ReaderIndex();
 * index.track(reader, { key: 'GET /todos/1', deps: ['Todo', '1', stored], entities: [], tables: [] });
 * index.mark(changes); // wakes reader only if changes name 'GET /todos/1' or Todo 1
 */
export class ReaderIndex extends Subscribable implements Reader {
  private readonly by = new Map<string, Map<string, Set<Reader>>>();
  /** Each reader's registration (its size: the number of readers tracked). @internal */
  readonly registered = new Map<Reader, ReaderDeps>();
  /** The index is the plain listeners' face in the batch (see {@link Reader}); nothing reads it. @internal */
  declare dirty: boolean;

  /** Tells the plain listeners (the batch runs it). @internal */
  refresh(): void {
    this.notify();
  }

  /**
   * Registers (or re-registers) what `reader` depends on; O(old deps + new deps). Without
   * `deps` it forgets the reader (its last unsubscribe), which is then no longer woken.
   */
  track(reader: Reader, deps?: ReaderDeps): void {
    const { registered } = this;
    const prev = registered.get(reader);
    if (prev) {
      if (deps && prev.key === deps.key && prev.deps === deps.deps && same(prev.entities, deps.entities) && same(prev.tables, deps.tables)) return;
      registered.delete(reader);
      this.list(reader, prev, false);
    }
    if (deps) {
      registered.set(reader, deps);
      this.list(reader, deps, true);
    } else unschedule(reader);
  }

  /** Closes every reader (the client is being destroyed): each lets go of what it holds. */
  close(): void {
    for (const reader of [...this.registered.keys()]) reader.close?.();
  }

  /**
   * Forgets every reader and listener (the client is destroyed). Those already woken
   * still refresh: a read waiting on a request the destroy aborted learns that it ended.
   */
  clear(): void {
    this.by.clear();
    this.registered.clear();
    this.listeners.clear();
  }

  /**
   * The store changed: wakes the plain listeners and every reader `changes` could
   * affect (none recorded: nobody was tracked when it was made).
   */
  mark(changes?: ChangeSet): void {
    if (this.listeners.size) scheduleRefresh(this);
    if (!changes) return;
    if (changes.all) for (const reader of this.registered.keys()) scheduleRefresh(reader);
    else {
      for (const key of changes.keys) this.wakeKey(key);
      const e = changes.entities;
      for (let i = 0; i < e.length; i += 2) {
        this.#wakeAt(e[i]!, ALL);
        this.#wakeAt(e[i]!, e[i + 1]!);
      }
    }
  }

  /** The readers of an endpoint key (observers): its subscribed reads, and reads waiting in `promise()`. */
  readersOf(key: string): Iterable<Reader> {
    return this.by.get(ALL)?.get(key) ?? [];
  }

  /** Wakes the readers of an endpoint key: its stored result or meta changed, or its request (InFlight) did. */
  wakeKey(key: string): void {
    this.#wakeAt(ALL, key);
  }

  /**
   * Lists (or unlists) `reader` under every name `deps` gives. Not `#private`: an observer's
   * close() through a proxy (Vue's reactive()) reaches track() through a proxy of the index.
   */
  private list(reader: Reader, deps: ReaderDeps, add: boolean): void {
    if (deps.key !== undefined) this.at(ALL, deps.key, reader, add);
    const { deps: d, entities: e } = deps;
    for (let i = 0; i < d.length; i += 3) this.at(d[i] as string, d[i + 1] as string, reader, add);
    for (let i = 0; i < e.length; i += 2) this.at(e[i]!, e[i + 1]!, reader, add);
    for (const t of deps.tables) this.at(t, ALL, reader, add);
  }

  private at(a: string, b: string, reader: Reader, add: boolean): void {
    let byB = this.by.get(a);
    if (add) {
      if (!byB) this.by.set(a, (byB = new Map()));
      let set = byB.get(b);
      if (!set) byB.set(b, (set = new Set()));
      set.add(reader);
    } else {
      const set = byB?.get(b);
      // An empty set, and a first level left empty, go with their last reader.
      if (set?.delete(reader) && !set.size && byB!.delete(b) && !byB!.size) this.by.delete(a);
    }
  }

  #wakeAt(a: string, b: string): void {
    const readers = this.by.get(a)?.get(b);
    if (readers) for (const r of readers) scheduleRefresh(r);
  }
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
