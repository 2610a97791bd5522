import { Entity } from '../schema/Entity';
import { INVALID } from '../schema/symbols';
import type { EntityMeta, NormalizeDelegate, NormalizeMeta, StoredSchema } from '../schema/types';
import { deepEqual, isSubsetEqual } from './equal';

type Tables = { readonly [key: string]: { readonly [pk: string]: any } | undefined };
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

const defaultMergeWithStore = Entity.mergeWithStore;
const defaultMerge = Entity.merge;
const defaultShouldReorder = Entity.shouldReorder;
const defaultMergeMeta = Entity.mergeMetaWithStore;

/**
 * Length of the tables known to hold exactly the keys '0'..'n-1' (ids 0..n-1). V8
 * keeps such a table as one array and `{ ...table }` copies it as a block; every
 * other table (string or sparse numeric pks: most real ids) is a hash table, which
 * spread copies key by key through a generic path (~0.4-0.6 us a key once the call
 * site has seen several table shapes, as it always has in an app), about twice as
 * slow as a plain loop over Object.keys.
 */
const denseTables = new WeakMap<object, number>();

function rememberDense(table: object, dense: number): void {
  if (dense >= 0) denseTables.set(table, dense);
}

/** The dense length after writing `pk` into a table of dense length `d` (-1 when it stops being dense). */
function nextDense(d: number, pk: string): number {
  if (pk === '' + d) return d + 1;
  const i = +pk;
  return Number.isInteger(i) && i >= 0 && i < d && '' + i === pk ? d : -1;
}

/**
 * A shallow copy of an entity or meta table, with its dense length (-1: not dense).
 * Same keys, values and order as `{ ...table }`, at about half the cost for tables of
 * string or sparse keys; dense tables keep the spread.
 */
function copyTable(table: Readonly<Record<string, unknown>> | undefined): { table: Record<string, unknown>; dense: number } {
  if (table === undefined) return { table: {}, dense: 0 };
  const dense = denseTables.get(table);
  if (dense !== undefined) return { table: { ...table }, dense };
  const keys = Object.keys(table);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    // an own "__proto__" key, as spread would make, not a prototype change
    if (k === '__proto__') Object.defineProperty(out, k, { value: table[k], writable: true, enumerable: true, configurable: true });
    else out[k] = table[k];
  }
  // array-index keys come first, ascending: the last one being n-1 means exactly 0..n-1
  return { table: out, dense: keys.length === 0 || keys[keys.length - 1] === '' + (keys.length - 1) ? keys.length : -1 };
}

/**
 * Copy-on-write working copy of the store for one `normalize` call: the top-level
 * object and each table are copied at their first write only, so untouched tables
 * keep identity and a throw leaves the caller's store as it was.
 */
export class NormalizeStore implements NormalizeDelegate {
  entities: Record<string, Record<string, any>>;
  entitiesMeta: Record<string, Record<string, EntityMeta>>;
  readonly indexes: { readonly [key: string]: unknown };
  readonly args: readonly any[];
  readonly meta: NormalizeMeta;
  /** The shared meta object written for every entity of this call. */
  private readonly entityMeta: EntityMeta;
  private readonly srcEntities: Tables;
  private readonly srcMeta: MetaTables;
  private readonly onWrite: ((entityKey: string, pk: string) => void) | undefined;
  /** Tables copied by this call, with their dense length (-1: not dense), see {@link copyTable}. */
  private ownTables: Record<string, number> | undefined;
  private ownMetaTables: Record<string, number> | undefined;

  constructor(store: NormalizeInputStore, args: readonly any[], meta: NormalizeMeta) {
    this.srcEntities = store.entities ?? {};
    this.srcMeta = store.entitiesMeta ?? {};
    this.entities = this.srcEntities as any;
    this.entitiesMeta = this.srcMeta as any;
    this.indexes = store.indexes ?? {};
    this.onWrite = store.onWrite;
    this.args = args;
    this.meta = meta;
    this.entityMeta = { date: meta.date, fetchedAt: meta.fetchedAt, expiresAt: meta.expiresAt };
  }

  getEntity(key: string, pk: string): any {
    const t = this.entities[key];
    return t === undefined ? undefined : t[pk];
  }

  getEntities(key: string): Readonly<Record<string, any>> | undefined {
    return this.entities[key];
  }

  getMeta(key: string, pk: string): EntityMeta | undefined {
    const t = this.entitiesMeta[key];
    return t === undefined ? undefined : t[pk];
  }

  private write(key: string, pk: string, value: any): void {
    this.onWrite?.(key, pk);
    if (this.entities === this.srcEntities) {
      this.entities = { ...this.srcEntities } as any;
      this.ownTables = {};
    }
    let t = this.entities[key];
    const own = this.ownTables!;
    if (own[key] === undefined) {
      const copy = copyTable(t);
      t = this.entities[key] = copy.table;
      own[key] = copy.dense;
    }
    t![pk] = value;
    const d = own[key]!;
    if (d >= 0) own[key] = nextDense(d, pk);
  }

  private writeMeta(key: string, pk: string, meta: EntityMeta): void {
    this.onWrite?.(key, pk);
    if (this.entitiesMeta === this.srcMeta) {
      this.entitiesMeta = { ...this.srcMeta } as any;
      this.ownMetaTables = {};
    }
    let t = this.entitiesMeta[key];
    const own = this.ownMetaTables!;
    if (own[key] === undefined) {
      const copy = copyTable(t);
      t = this.entitiesMeta[key] = copy.table as Record<string, EntityMeta>;
      own[key] = copy.dense;
    }
    t![pk] = meta;
    const d = own[key]!;
    if (d >= 0) own[key] = nextDense(d, pk);
  }

  /** Called once `normalize` is done: remembers which written tables are dense, for their next copy. */
  finish(): void {
    if (this.ownTables) for (const key in this.ownTables) rememberDense(this.entities[key]!, this.ownTables[key]!);
    if (this.ownMetaTables) for (const key in this.ownMetaTables) rememberDense(this.entitiesMeta[key]!, this.ownMetaTables[key]!);
  }

  private touchMeta(key: string, pk: string, existing: EntityMeta | undefined, next: EntityMeta): void {
    if (
      existing === next ||
      (existing !== undefined &&
        existing.fetchedAt === next.fetchedAt &&
        existing.expiresAt === next.expiresAt &&
        existing.date === next.date)
    ) {
      return;
    }
    this.writeMeta(key, pk, next);
  }

  mergeEntity(schema: StoredSchema, pk: string, incoming: any): void {
    const key = schema.key;
    const table = this.entities[key];
    const existing = table === undefined ? undefined : table[pk];
    const metaTable = this.entitiesMeta[key];
    const existingMeta = metaTable === undefined ? undefined : metaTable[pk];
    const incomingMeta = this.entityMeta;
    if (existing === undefined || existing === INVALID) {
      this.write(key, pk, incoming);
      this.touchMeta(key, pk, existingMeta, incomingMeta);
      return;
    }
    let merged: any;
    let meta: EntityMeta;
    const s = schema as any;
    if (
      s.mergeWithStore === defaultMergeWithStore &&
      s.merge === defaultMerge &&
      s.shouldReorder === defaultShouldReorder &&
      s.mergeMetaWithStore === defaultMergeMeta
    ) {
      // fast path for the default merge: no new object when nothing changes
      if (existingMeta !== undefined && incomingMeta.fetchedAt < existingMeta.fetchedAt) {
        // fetched earlier than what is stored: only fills fields the store lacks
        let missing = false;
        for (const k in incoming) {
          if (!(k in existing)) {
            missing = true;
            break;
          }
        }
        merged = missing ? { ...incoming, ...existing } : existing;
        meta = existingMeta;
      } else {
        merged = isSubsetEqual(incoming, existing) ? existing : { ...existing, ...incoming };
        meta = incomingMeta;
      }
    } else if (existingMeta !== undefined) {
      merged = schema.mergeWithStore(existingMeta, incomingMeta, existing, incoming);
      meta = schema.mergeMetaWithStore(existingMeta, incomingMeta, existing, incoming);
      if (merged !== existing && deepEqual(merged, existing)) merged = existing;
    } else {
      merged = schema.merge(existing, incoming);
      meta = incomingMeta;
      if (merged !== existing && deepEqual(merged, existing)) merged = existing;
    }
    if (merged !== existing) this.write(key, pk, merged);
    this.touchMeta(key, pk, existingMeta, meta);
  }

  setEntity(key: string, pk: string, value: any): void {
    const existing = this.getEntity(key, pk);
    if (existing === value || (existing !== INVALID && deepEqual(existing, value))) return;
    this.write(key, pk, value);
  }

  invalidate(key: string, pk: string): void {
    if (this.getEntity(key, pk) !== INVALID) this.write(key, pk, INVALID);
    this.touchMeta(key, pk, this.getMeta(key, pk), this.entityMeta);
  }
}
