// The copy-on-write working copy of the store during one normalize call: entity merges
// by fetch time, tombstones, and the change log. Walking the input is normalize.ts's.
import { Entity } from '../schema/Entity';
import { ownValue, setOwn } from '../schema/ownEntry';
import { INVALID } from '../schema/symbols';
import type { EntityMeta, NormalizeDelegate, NormalizeMeta } from '../schema/types';
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

/** The merge hooks whose defaults (Entity's) `mergeEntity` runs without calling them. */
const HOOKS = ['merge', 'mergeWithStore', 'mergeMetaWithStore', 'shouldReorder', 'shouldUpdate'] as const;

/** The delegate of one `normalize` call, and `finish()`, which ends it with the new `entities` and `entitiesMeta`. */
export interface NormalizeStore extends NormalizeDelegate {
  finish(): [Record<string, Record<string, any>>, Record<string, Record<string, EntityMeta>>];
}

/**
 * Copy-on-write working copy of the store for one `normalize` call: the top-level
 * object is copied at the first write, and each written table gets one new layer
 * over the stored one (see layeredTable), so untouched tables keep identity, a
 * write costs what it writes, and a throw leaves the caller's store as it was.
 * A closure, not a class: its state is locals (`entityMeta` is the meta written for
 * every entity of this call, `meta` without `optimistic`).
 */
export function normalizeStore(store: NormalizeInputStore, args: readonly any[], meta: NormalizeMeta, entityMeta: EntityMeta): NormalizeStore {
  const onWrite = store.onWrite;
  const entities = store.entities ?? {};
  const entitiesMeta = store.entitiesMeta ?? {};
  // The store's `entities` (0) and `entitiesMeta` (1): a table still the same object as
  // there is not yet written by this call.
  const base: [Tables, MetaTables] = [entities, entitiesMeta];
  // The working ones: the store's until this call's first write of each.
  const tables: ReturnType<NormalizeStore['finish']> = [entities, entitiesMeta] as any;

  const getEntity = (key: string, pk: string): any => ownValue(tables[0][key], pk);
  const getMeta = (key: string, pk: string): EntityMeta | undefined => ownValue(tables[1][key], pk);

  // Writes `tables[i][key][pk]`: `tables[i]` is copied at its first write of this call, and
  // each table in it gets one new layer (see layeredTable) at its first write. Every write
  // goes to the change log (an entity whose value and meta change is logged twice: the
  // log takes duplicates).
  const put = (i: 0 | 1, key: string, pk: string, value: unknown): void => {
    onWrite?.(key, pk);
    const from = base[i];
    let written: Record<string, Record<string, unknown>> = tables[i];
    if (written === from) written = tables[i] = { ...from } as any;
    if (written[key] === from[key]) written[key] = openLayer(from[key]);
    setOwn(written[key]!, pk, value);
  };

  // Writes the meta if it changed.
  const touchMeta = (key: string, pk: string, existing: EntityMeta | undefined, next: EntityMeta): void => {
    if (existing !== next && (existing?.fetchedAt !== next.fetchedAt || existing.expiresAt !== next.expiresAt || existing.date !== next.date)) {
      put(1, key, pk, next);
    }
  };

  return {
    args,
    meta,
    getEntity,
    getMeta,
    getEntities: (key) => tables[0][key],

    mergeEntity(schema: any, pk, incoming) {
      const key = schema.key;
      const existing = getEntity(key, pk);
      const existingMeta = getMeta(key, pk);
      let merged: any = incoming;
      let next: EntityMeta = entityMeta;
      // fetched earlier than what is stored
      const older = existingMeta !== undefined && entityMeta.fetchedAt < existingMeta.fetchedAt;
      if (existing === undefined || existing === INVALID) {
        // A tombstone carries its delete's start time: an answer to an older fetch never brings it back.
        if (existing === INVALID && older) return;
      } else if (HOOKS.every((hook) => schema[hook] === Entity[hook])) {
        // fast path for the default merge: no new object when nothing changes.
        // A pending optimistic update is replayed on top of whatever is confirmed, however
        // new (a pushed change, another read's answer), until its own request settles.
        if (older && !meta.optimistic) {
          // (rare) only fills fields the store lacks
          merged = { ...incoming, ...existing };
          if (isSubsetEqual(merged, existing)) merged = existing;
          next = existingMeta!;
        } else {
          merged = isSubsetEqual(incoming, existing) ? existing : { ...existing, ...incoming };
        }
      } else {
        if (existingMeta !== undefined) {
          merged = schema.mergeWithStore(existingMeta, entityMeta, existing, incoming);
          next = schema.mergeMetaWithStore(existingMeta, entityMeta, existing, incoming);
        } else if (schema.shouldUpdate && !schema.shouldUpdate(existingMeta, entityMeta, existing, incoming)) {
          merged = existing;
        } else {
          merged = schema.merge(existing, incoming);
        }
        // a custom merge that changed nothing keeps the stored object
        if (merged !== existing && deepEqual(merged, existing)) merged = existing;
      }
      if (merged !== existing) put(0, key, pk, merged);
      touchMeta(key, pk, existingMeta, next);
    },

    setEntity(key, pk, value) {
      const existing = getEntity(key, pk);
      // (a tombstone equals only itself)
      if (existing === value || deepEqual(existing, value)) return;
      put(0, key, pk, value);
      // A Collection's members change under this write's time: a snapshot merge (tab sync)
      // that keeps the newer of two copies then takes the change instead of the older copy.
      put(1, key, pk, entityMeta);
    },

    invalidate(key, pk) {
      if (getEntity(key, pk) !== INVALID) put(0, key, pk, INVALID);
      // A delete answered after newer data was stored keeps that data's start time: an answer
      // to a fetch started in between must not bring the entity back.
      const stored = getMeta(key, pk);
      touchMeta(key, pk, stored, stored && stored.fetchedAt > entityMeta.fetchedAt ? stored : entityMeta);
    },

    // Called once `normalize` is done: seals the layers it wrote (merging them down as needed).
    finish() {
      for (let i = 0; i < 2; i++) {
        const written = tables[i]!;
        for (const key in written) if (written[key] !== base[i]![key]) written[key] = seal(written[key]!);
      }
      return tables;
    },
  };
}
