// Who reads what: the index from endpoint keys, entities and tables to the subscribed
// reads that depend on them, and the batched refresh of the reads a change wakes. It
// never reads the store: observers register, createClient hands it each ChangeSet.
import { report } from '../environment/Subscribable';
import type { ChangeSet } from '../state';

/** A subscribed read the index can wake: it recomputes and notifies its listeners in `refresh`. */
export interface Reader {
  /** Set when something it reads changed; cleared when it recomputes. */
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
  private scheduled = false;
  private readonly schedule: (flush: () => void) => void;

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
    if (deps.deps.length) this.joinGroup(deps.deps, reader);
    const e = deps.entities;
    for (let i = 0; i < e.length; i += 2) this.addEntity(e[i]!, e[i + 1]!, reader);
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

  /** Forgets every reader (the client is destroyed). */
  clear(): void {
    this.byKey.clear();
    this.byEntity.clear();
    this.groupsByEntity.clear();
    this.groups.clear();
    this.byTable.clear();
    this.registered.clear();
    this.pending.clear();
  }

  /** Marks every reader `changes` could affect dirty and schedules their refresh. */
  mark(changes: ChangeSet): void {
    if (changes.all) {
      for (const reader of this.registered.keys()) this.wake(reader);
      return;
    }
    for (const key of changes.keys) {
      const readers = this.byKey.get(key);
      if (readers !== undefined) for (const r of readers) this.wake(r);
    }
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

  private addEntity(entityKey: string, pk: string, reader: Reader): void {
    let byPk = this.byEntity.get(entityKey);
    if (byPk === undefined) this.byEntity.set(entityKey, (byPk = new Map()));
    add(byPk, pk, reader);
  }

  private joinGroup(deps: readonly unknown[], reader: Reader): void {
    let group = this.groups.get(deps);
    if (group === undefined) {
      group = { deps, readers: new Set() };
      this.groups.set(deps, group);
      for (let i = 0; i < deps.length; i += 3) {
        const entityKey = deps[i] as string;
        let byPk = this.groupsByEntity.get(entityKey);
        if (byPk === undefined) this.groupsByEntity.set(entityKey, (byPk = new Map()));
        let set = byPk.get(deps[i + 1] as string);
        if (set === undefined) byPk.set(deps[i + 1] as string, (set = new Set()));
        set.add(group);
      }
    }
    group.readers.add(reader);
  }

  private leaveGroup(deps: readonly unknown[], reader: Reader): void {
    const group = this.groups.get(deps);
    if (group === undefined) return;
    group.readers.delete(reader);
    if (group.readers.size) return;
    this.groups.delete(deps);
    for (let i = 0; i < deps.length; i += 3) {
      const byPk = this.groupsByEntity.get(deps[i] as string);
      const set = byPk?.get(deps[i + 1] as string);
      if (set === undefined) continue;
      set.delete(group);
      if (set.size === 0) {
        byPk!.delete(deps[i + 1] as string);
        if (byPk!.size === 0) this.groupsByEntity.delete(deps[i] as string);
      }
    }
  }

  private remove(reader: Reader, deps: ReaderDeps): void {
    if (deps.key !== undefined) remove(this.byKey, deps.key, reader);
    if (deps.deps.length) this.leaveGroup(deps.deps, reader);
    const e = deps.entities;
    for (let i = 0; i < e.length; i += 2) this.removeEntity(e[i]!, e[i + 1]!, reader);
    for (const t of deps.tables) remove(this.byTable, t, reader);
  }

  private removeEntity(entityKey: string, pk: string, reader: Reader): void {
    const byPk = this.byEntity.get(entityKey);
    if (byPk === undefined) return;
    remove(byPk, pk, reader);
    if (byPk.size === 0) this.byEntity.delete(entityKey);
  }
}

function add(map: Map<string, Readers>, key: string, reader: Reader): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(reader);
}

function remove(map: Map<string, Readers>, key: string, reader: Reader): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(reader);
  if (set.size === 0) map.delete(key);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
