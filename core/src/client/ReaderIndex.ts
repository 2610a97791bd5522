// Who reads what: the index from endpoint keys, entities and tables to the subscribed
// reads that depend on them, and the batched refresh of the reads a change wakes. It
// never reads the store: observers register, createClient hands it each ChangeSet.
import { report } from '../environment/Subscribable';
import type { ChangeSet } from '../state';

/** A subscribed read the index can wake: it recomputes and notifies its listeners in `refresh`. */
export interface Reader {
  /** Set when something it reads changed (or the read itself asks to recompute); cleared when it recomputes. */
  dirty: boolean;
  /** Recompute, decide whether to fetch, notify if the snapshot changed. */
  refresh(): void;
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

type Readers = Set<Reader>;

/**
 * Readers sharing one denormalized result (the same `deps` array, e.g. a thousand
 * rows of one list): its entities are registered once for all of them.
 */
interface Group {
  readonly deps: readonly unknown[];
  readonly readers: Readers;
}

/**
 * Which subscribed reads depend on which endpoint keys, entities and tables, so a
 * store change wakes only the reads it could change: the cost of a change is the
 * size of the change plus the readers it wakes, never the number of readers.
 * Woken readers are refreshed together in one microtask ({@link flush}).
 *
 * @example
 * const index = new ReaderIndex(queueMicrotask);
 * index.track(reader, { key: 'GET /todos/1', deps: ['Todo', '1', stored], entities: [], tables: [] });
 * index.mark(changes); // wakes reader only if changes name 'GET /todos/1' or Todo 1
 */
export class ReaderIndex {
  private readonly byKey = new Map<string, Readers>();
  /** Readers by entity looked up by a query. */
  private readonly byEntity = new Map<string, Map<string, Readers>>();
  /** Result groups by entity denormalized. */
  private readonly groupsByEntity = new Map<string, Map<string, Set<Group>>>();
  private readonly groups = new Map<readonly unknown[], Group>();
  private readonly byTable = new Map<string, Readers>();
  private readonly registered = new Map<Reader, ReaderDeps>();
  private pending = new Set<Reader>();
  /** A flush is scheduled (declared: unset until the first wake-up). */
  declare private scheduled: boolean;
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare private readonly schedule: (flush: () => void) => void;

  constructor(schedule: (flush: () => void) => void) {
    this.schedule = schedule;
  }

  /** Number of readers tracked. */
  get size(): number {
    return this.registered.size;
  }

  /** Registers (or re-registers) what `reader` depends on; O(old deps + new deps). */
  track(reader: Reader, deps: ReaderDeps): void {
    const prev = this.registered.get(reader);
    if (prev !== undefined) {
      if (
        prev.key === deps.key &&
        prev.deps === deps.deps &&
        sameList(prev.entities, deps.entities) &&
        sameList(prev.tables, deps.tables)
      ) {
        return;
      }
      this.remove(reader, prev);
    }
    this.registered.set(reader, deps);
    if (deps.key !== undefined) add(this.byKey, deps.key, reader);
    const d = deps.deps;
    if (d.length) {
      // Join the group of readers of this result; a new group registers its entities.
      let group = this.groups.get(d);
      if (group === undefined) {
        this.groups.set(d, (group = { deps: d, readers: new Set() }));
        for (let i = 0; i < d.length; i += 3) add2(this.groupsByEntity, d[i] as string, d[i + 1] as string, group);
      }
      group.readers.add(reader);
    }
    const e = deps.entities;
    for (let i = 0; i < e.length; i += 2) add2(this.byEntity, e[i]!, e[i + 1]!, reader);
    for (const t of deps.tables) add(this.byTable, t, reader);
  }

  /** Forgets `reader` (its last unsubscribe). */
  untrack(reader: Reader): void {
    const prev = this.registered.get(reader);
    if (prev === undefined) return;
    this.registered.delete(reader);
    this.remove(reader, prev);
    this.pending.delete(reader);
  }

  /**
   * Forgets every reader (the client is destroyed). Those already woken still refresh:
   * a read waiting on a request the destroy aborted learns that it ended.
   */
  clear(): void {
    for (const m of [this.byKey, this.byEntity, this.groupsByEntity, this.groups, this.byTable, this.registered]) m.clear();
  }

  /** Marks every reader `changes` could affect dirty and schedules their refresh. */
  mark(changes: ChangeSet): void {
    if (changes.all) {
      for (const reader of this.registered.keys()) this.wake(reader);
      return;
    }
    for (const key of changes.keys) this.wakeKey(key);
    const e = changes.entities;
    for (let i = 0; i < e.length; i += 2) {
      const entityKey = e[i]!;
      const table = this.byTable.get(entityKey);
      if (table !== undefined) for (const r of table) this.wake(r);
      const pk = e[i + 1]!;
      const readers = this.byEntity.get(entityKey)?.get(pk);
      if (readers !== undefined) for (const r of readers) this.wake(r);
      const groups = this.groupsByEntity.get(entityKey)?.get(pk);
      if (groups !== undefined) for (const g of groups) for (const r of g.readers) this.wake(r);
    }
  }

  /** Wakes the readers of an endpoint key: its stored result or meta changed, or its request (InFlight) did. */
  wakeKey(key: string): void {
    const readers = this.byKey.get(key);
    if (readers !== undefined) for (const r of readers) this.wake(r);
  }

  /** Marks one reader dirty and schedules its refresh (its own fetch started, its timer fired...). */
  wake(reader: Reader): void {
    reader.dirty = true;
    if (this.pending.has(reader)) return;
    this.pending.add(reader);
    if (!this.scheduled) {
      this.scheduled = true;
      // called unbound: browsers reject queueMicrotask with another receiver ("Illegal invocation")
      const schedule = this.schedule;
      schedule(this.flush);
    }
  }

  /**
   * Refreshes every woken reader once. A refresh that changes the store wakes readers
   * for the next flush; one that throws (a listener of its own) is reported, and the
   * other readers are still refreshed.
   */
  readonly flush = (): void => {
    this.scheduled = false;
    const readers = this.pending;
    this.pending = new Set();
    for (const r of readers) {
      try {
        r.refresh();
      } catch (error) {
        report(error);
      }
    }
  };

  private remove(reader: Reader, deps: ReaderDeps): void {
    if (deps.key !== undefined) remove(this.byKey, deps.key, reader);
    const d = deps.deps;
    const group = d.length ? this.groups.get(d) : undefined;
    if (group !== undefined) {
      group.readers.delete(reader);
      // The last reader of a result takes its group and the group's entities along.
      if (!group.readers.size) {
        this.groups.delete(d);
        for (let i = 0; i < d.length; i += 3) remove2(this.groupsByEntity, d[i] as string, d[i + 1] as string, group);
      }
    }
    const e = deps.entities;
    for (let i = 0; i < e.length; i += 2) remove2(this.byEntity, e[i]!, e[i + 1]!, reader);
    for (const t of deps.tables) remove(this.byTable, t, reader);
  }
}

function add<T>(map: Map<string, Set<T>>, key: string, item: T): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(item);
}

function remove<T>(map: Map<string, Set<T>>, key: string, item: T): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(item);
  if (set.size === 0) map.delete(key);
}

/** `add` one level down: entity key, then pk. */
function add2<T>(map: Map<string, Map<string, Set<T>>>, entityKey: string, pk: string, item: T): void {
  let byPk = map.get(entityKey);
  if (byPk === undefined) map.set(entityKey, (byPk = new Map()));
  add(byPk, pk, item);
}

/** `remove` one level down, dropping an entity key left with no pks. */
function remove2<T>(map: Map<string, Map<string, Set<T>>>, entityKey: string, pk: string, item: T): void {
  const byPk = map.get(entityKey);
  if (byPk === undefined) return;
  remove(byPk, pk, item);
  if (byPk.size === 0) map.delete(entityKey);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
