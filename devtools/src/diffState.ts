import type { State } from '@resto/core';

/** One entity that an action added, removed or changed, with the fields that differ. */
export interface EntityChange {
  readonly entityKey: string;
  readonly pk: string;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly fields: readonly { readonly name: string; readonly before: unknown; readonly after: unknown }[];
}

/** One endpoint result (by key) whose stored value or timing an action changed. */
export interface ReadChange {
  readonly key: string;
  readonly kind: 'added' | 'removed' | 'changed';
  /** What changed: the stored result, its meta (expiry, error, invalidation), or both. */
  readonly what: readonly ('result' | 'meta')[];
}

/** What one action did to the store. Empty arrays: it changed nothing stored. */
export interface StateDiff {
  readonly entities: readonly EntityChange[];
  readonly reads: readonly ReadChange[];
  /** Pending optimistic updates before and after. */
  readonly optimistic: readonly [before: number, after: number];
}

type Table = { readonly [pk: string]: unknown } | undefined;

/**
 * The difference between two store states. Tables and results that kept their
 * identity are skipped, so a diff costs what the action touched, not the store size.
 *
 * @example
 * const diff = diffState(before, after);
 * diff.entities; // [{ entityKey: 'Todo', pk: '5', kind: 'changed', fields: [{ name: 'title', before: 'a', after: 'b' }] }]
 */
export function diffState(before: State, after: State): StateDiff {
  const entities: EntityChange[] = [];
  const reads: ReadChange[] = [];
  if (before.entities !== after.entities) {
    for (const entityKey of changedKeys(before.entities, after.entities)) {
      const a = before.entities[entityKey] as Table;
      const b = after.entities[entityKey] as Table;
      if (a === b) continue;
      for (const pk of changedKeys(a ?? {}, b ?? {})) {
        const x = a?.[pk];
        const y = b?.[pk];
        if (x === y) continue;
        if (x === undefined) entities.push({ entityKey, pk, kind: 'added', fields: fieldsOf(undefined, y) });
        else if (y === undefined) entities.push({ entityKey, pk, kind: 'removed', fields: fieldsOf(x, undefined) });
        else {
          const fields = fieldsOf(x, y);
          if (fields.length) entities.push({ entityKey, pk, kind: 'changed', fields });
        }
      }
    }
  }
  if (before.endpoints !== after.endpoints || before.meta !== after.meta) {
    for (const key of new Set([...changedKeys(before.endpoints, after.endpoints), ...changedKeys(before.meta, after.meta)])) {
      const had = key in before.endpoints || key in before.meta;
      const has = key in after.endpoints || key in after.meta;
      const what: ('result' | 'meta')[] = [];
      if (before.endpoints[key] !== after.endpoints[key]) what.push('result');
      if (before.meta[key] !== after.meta[key]) what.push('meta');
      if (!what.length) continue;
      reads.push({ key, kind: !had ? 'added' : !has ? 'removed' : 'changed', what });
    }
  }
  return { entities, reads, optimistic: [before.optimistic.length, after.optimistic.length] };
}

/**
 * True when the diff records no change at all.
 *
 * @example
 * isEmptyDiff(diffState(state, state)); // true
 */
export function isEmptyDiff(diff: StateDiff): boolean {
  return !diff.entities.length && !diff.reads.length && diff.optimistic[0] === diff.optimistic[1];
}

function union(a: object, b: object): Set<string> {
  return new Set([...Object.keys(a), ...Object.keys(b)]);
}

const layerBelow = (table: object): object | undefined => {
  const proto = Object.getPrototypeOf(table) as object | null;
  return proto === null || proto === Object.prototype ? undefined : proto;
};

/**
 * Keys whose entry may differ between two versions of a store table. Tables are
 * layered (a write is a small object whose prototype is the previous table, see
 * core's layeredTable), so `Object.keys` sees only the top layer and misses the
 * entries below it (a result removed from a lower layer, say). The layers both
 * versions share hold the same entries: only the keys of the layers above the
 * first shared one are listed, so a diff still costs what the action wrote.
 */
function changedKeys(a: object, b: object): Set<string> {
  const layersOfA = new Set<object>();
  for (let t: object | undefined = a; t; t = layerBelow(t)) layersOfA.add(t);
  const keys = new Set<string>();
  let shared: object | undefined;
  for (let t: object | undefined = b; t; t = layerBelow(t)) {
    if (layersOfA.has(t)) {
      shared = t;
      break;
    }
    for (const k of Object.keys(t)) keys.add(k);
  }
  for (let t: object | undefined = a; t && t !== shared; t = layerBelow(t)) for (const k of Object.keys(t)) keys.add(k);
  return keys;
}

function fieldsOf(x: unknown, y: unknown): EntityChange['fields'] {
  const a = (x ?? {}) as Record<string, unknown>;
  const b = (y ?? {}) as Record<string, unknown>;
  const out: { name: string; before: unknown; after: unknown }[] = [];
  for (const name of union(a, b)) {
    if (!sameValue(a[name], b[name])) out.push({ name, before: a[name], after: b[name] });
  }
  return out;
}

// Normalized entities hold plain values and pks; JSON equality is what a reader sees.
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
