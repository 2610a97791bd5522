// The copy-on-write working copy of the store during one normalize call: entity merges
// by fetch time, tombstones, and the change log. Walking the input is normalize.ts's.
import { Entity } from '../schema/Entity';
import { ownValue, setOwn } from '../schema/ownEntry';
import { INVALID } from '../schema/symbols';
import type { EntityMeta, NormalizeDelegate, NormalizeMeta, StoredSchema } from '../schema/types';
import { deepEqual, isSubsetEqual } from './equal';
import { openLayer, seal } from './layeredTable';

/** Entity tables by key, then by pk: the shape of `state.entities`. */
export type Tables = { readonly [key: string]: { readonly [pk: string]: any } | undefined };
type MetaTables = { readonly [key: string]: { readonly [pk: string]: EntityMeta } | undefined };

/** The store given to `normalize` (a State works as is). */
export interface NormalizeInputStore {
  readonly entities?: Tables;
  readonly indexes?: { readonly [key: string]: unknown };
  readonly entitiesMeta?: MetaTables;
  /**
   * Called with every entity whose value or meta this call writes (the store's
   * change log, so readers of other entities are not woken).
   */
  readonly onWrite?: (entityKey: string, pk: string) => void;
}

/**
 * Copy-on-write working copy of the store for one `normalize` call: the top-level
 * object is copied at the first write, and each written table gets one new layer
 * over the stored one (see layeredTable), so untouched tables keep identity, a
 * write costs what it writes, and a throw leaves the caller's store as it was.
 */
export class NormalizeStore implements NormalizeDelegate {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  /** The working `entities` (0) and `entitiesMeta` (1): the store's until this call's first write of each. */
  declare tables: [Record<string, Record<string, any>>, Record<string, Record<string, EntityMeta>>];
  declare readonly args: readonly any[];
  declare readonly meta: NormalizeMeta;
  /** The shared meta object written for every entity of this call (`meta` without `optimistic`). */
  declare private readonly entityMeta: EntityMeta;
  declare private readonly onWrite: ((entityKey: string, pk: string) => void) | undefined;
  /** The store's `entities` and `entitiesMeta`: a table still the same object as there is not yet written by this call. */
  declare private readonly base: [Tables, MetaTables];

  constructor(store: NormalizeInputStore, args: readonly any[], meta: NormalizeMeta, entityMeta: EntityMeta) {
    const entities = store.entities ?? {};
    const entitiesMeta = store.entitiesMeta ?? {};
    this.base = [entities, entitiesMeta];
    this.tables = [entities, entitiesMeta] as any;
    this.onWrite = store.onWrite;
    this.args = args;
    this.meta = meta;
    this.entityMeta = entityMeta;
  }

  getEntity(key: string, pk: string): any {
    return ownValue(this.tables[0][key], pk);
  }

  getEntities(key: string): Readonly<Record<string, any>> | undefined {
    return this.tables[0][key];
  }

  getMeta(key: string, pk: string): EntityMeta | undefined {
    return ownValue(this.tables[1][key], pk);
  }

  /**
   * Writes `tables[i][key][pk]`: `tables[i]` is copied at its first write of this call, and
   * each table in it gets one new layer (see layeredTable) at its first write. Every write
   * goes to the change log (an entity whose value and meta change is logged twice: the
   * log takes duplicates).
   */
  private put(i: 0 | 1, key: string, pk: string, value: unknown): void {
    this.onWrite?.(key, pk);
    const base = this.base[i];
    let tables: Record<string, Record<string, unknown>> = this.tables[i];
    if (tables === base) tables = this.tables[i] = { ...base } as any;
    if (tables[key] === base[key]) tables[key] = openLayer(base[key]);
    setOwn(tables[key]!, pk, value);
  }

  /** Called once `normalize` is done: seals the layers it wrote (merging them down as needed). */
  finish(): void {
    for (let i = 0; i < 2; i++) {
      const tables = this.tables[i]!;
      for (const key in tables) if (tables[key] !== this.base[i]![key]) tables[key] = seal(tables[key]!);
    }
  }

  /** Writes the meta if it changed. */
  private touchMeta(key: string, pk: string, existing: EntityMeta | undefined, next: EntityMeta): void {
    if (
      existing === next ||
      (existing?.fetchedAt === next.fetchedAt && existing.expiresAt === next.expiresAt && existing.date === next.date)
    ) {
      return;
    }
    this.put(1, key, pk, next);
  }

  mergeEntity(schema: StoredSchema, pk: string, incoming: any): void {
    const key = schema.key;
    const existing = this.getEntity(key, pk);
    const existingMeta = this.getMeta(key, pk);
    const incomingMeta = this.entityMeta;
    let merged: any = incoming;
    let meta: EntityMeta = incomingMeta;
    const s = schema as any;
    // fetched earlier than what is stored
    const older = existingMeta !== undefined && incomingMeta.fetchedAt < existingMeta.fetchedAt;
    if (existing === undefined || existing === INVALID) {
      // A tombstone carries its delete's start time: an answer to an older fetch never brings it back.
      if (existing === INVALID && older) return;
    } else if (
      s.mergeWithStore === Entity.mergeWithStore &&
      s.merge === Entity.merge &&
      s.shouldReorder === Entity.shouldReorder &&
      s.mergeMetaWithStore === Entity.mergeMetaWithStore &&
      s.shouldUpdate === Entity.shouldUpdate
    ) {
      // fast path for the default merge: no new object when nothing changes.
      // A pending optimistic update is replayed on top of whatever is confirmed, however
      // new (a pushed change, another read's answer), until its own request settles.
      if (older && !this.meta.optimistic) {
        // (rare) only fills fields the store lacks
        merged = { ...incoming, ...existing };
        if (isSubsetEqual(merged, existing)) merged = existing;
        meta = existingMeta!;
      } else {
        merged = isSubsetEqual(incoming, existing) ? existing : { ...existing, ...incoming };
      }
    } else {
      if (existingMeta !== undefined) {
        merged = schema.mergeWithStore(existingMeta, incomingMeta, existing, incoming);
        meta = schema.mergeMetaWithStore(existingMeta, incomingMeta, existing, incoming);
      } else if (s.shouldUpdate && !s.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) {
        merged = existing;
      } else {
        merged = schema.merge(existing, incoming);
      }
      // a custom merge that changed nothing keeps the stored object
      if (merged !== existing && deepEqual(merged, existing)) merged = existing;
    }
    if (merged !== existing) this.put(0, key, pk, merged);
    this.touchMeta(key, pk, existingMeta, meta);
  }

  setEntity(key: string, pk: string, value: any): void {
    const existing = this.getEntity(key, pk);
    // (a tombstone equals only itself)
    if (existing === value || deepEqual(existing, value)) return;
    this.put(0, key, pk, value);
    // A Collection's members change under this write's time: a snapshot merge (tab sync)
    // that keeps the newer of two copies then takes the change instead of the older copy.
    this.put(1, key, pk, this.entityMeta);
  }

  invalidate(key: string, pk: string): void {
    if (this.getEntity(key, pk) !== INVALID) this.put(0, key, pk, INVALID);
    // A delete answered after newer data was stored keeps that data's start time: an answer
    // to a fetch started in between must not bring the entity back.
    const meta = this.getMeta(key, pk);
    this.touchMeta(key, pk, meta, meta && meta.fetchedAt > this.entityMeta.fetchedAt ? meta : this.entityMeta);
  }
}
