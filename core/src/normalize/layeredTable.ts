/**
 * Store tables (entities of one kind, their meta, endpoint results, result meta)
 * as immutable layers: a write makes a small new object whose prototype is the
 * previous table, so `table[pk]` and `pk in table` see every layer, old snapshots
 * keep what they saw, and a write costs what it writes instead of a copy of the
 * table. Layers merge like a log-structured merge tree: a layer is folded into the
 * one below when it grows past a quarter of it, so a table of N entries is at most
 * about log4(N) layers deep (reads stay cheap) and each entry is copied O(log N)
 * times over its life (writes stay O(changed)). Why this and not persistent maps
 * or mutable versioned tables: see "Store tables" in core/INTERNALS.md.
 *
 * Enumerate a table with `for...in` or {@link tableKeys}: `Object.keys` and spread
 * see only the top layer.
 *
 * @example
 * let todos = writeLayer(undefined, { '1': a });   // a plain object
 * todos = writeLayer(todos, { '2': b });           // a layer over it (or merged)
 * todos['1'] === a; tableKeys(todos);              // ['1', '2']
 */
import { hasOwn, setHidden, setOwn } from '../schema/ownEntry';

/**
 * Own entry count of a layer made here, as a non-enumerable symbol property (not seen
 * by `for...in`, `Object.keys`, spread or JSON; a WeakMap entry per write cost more
 * than the write). Tables built elsewhere are counted once into `foreignSizes`.
 */
const SIZE = Symbol('resto.layerSize');
const foreignSizes = new WeakMap<object, number>();

function sizeOf(layer: object): number {
  if (hasOwn.call(layer, SIZE)) return (layer as { [SIZE]: number })[SIZE];
  let n = foreignSizes.get(layer);
  if (n === undefined) foreignSizes.set(layer, (n = Object.keys(layer).length));
  return n;
}


/** Whether `table` sits on another table (is a layer rather than a plain object). */
function below(table: object): object | undefined {
  const proto = Object.getPrototypeOf(table);
  return proto === Object.prototype || proto === null ? undefined : proto;
}

/**
 * A new, still writable layer over `table` (a plain object when there is none).
 * Write into it with {@link writeInto}, then {@link seal} it before anyone reads it
 * as a snapshot.
 */
export function openLayer<T>(table: Readonly<Record<string, T>> | undefined): Record<string, T> {
  const under = table && below(table);
  // A small top layer (16 entries or fewer: repeated writes of a few entries): the new
  // layer replaces it instead of stacking on it, so a write makes one object, not two.
  return under && sizeOf(table!) <= 16 ? copy(Object.create(under), table!) : Object.create(table ?? Object.prototype);
}

/**
 * Finishes a layer made by {@link openLayer} (and written with plain assignment):
 * folds it into the layers below while it is large next to them. Returns the
 * table to publish.
 */
export function seal<T>(layer: Record<string, T>): Record<string, T> {
  let top: Record<string, T> = layer;
  for (let under = below(top); under !== undefined; under = below(top)) {
    if (!hasOwn.call(top, SIZE)) setHidden(top, SIZE, Object.keys(top).length);
    // a layer merges into the one below once it holds more than a quarter of its entries
    if (sizeOf(top) * 4 <= sizeOf(under)) break;
    const merged = copy(Object.create(Object.getPrototypeOf(under)), under as Record<string, T>);
    // a layer's size is its own entries; each entry of `top` not in `under` adds one
    let n = sizeOf(under);
    for (const k of Object.keys(top)) {
      if (!hasOwn.call(merged, k)) n++;
      setOwn(merged, k, top[k]);
    }
    setHidden(merged, SIZE, n);
    top = merged;
  }
  // JSON.stringify sees own properties only: a layered table serializes as the whole table
  // (server rendering hands the state to the client this way).
  // Defined once per chain (layers above inherit it), never over an entry named "toJSON".
  if (below(top) !== undefined && (top as { toJSON?: unknown }).toJSON === undefined) {
    setHidden(top, 'toJSON', function (this: typeof top) {
      return flatTable(this);
    });
  }
  return top;
}

/**
 * `table` with `entries` written: one new layer (merged as needed). The input is
 * never changed.
 */
export function writeLayer<T>(table: Readonly<Record<string, T>> | undefined, entries: Readonly<Record<string, T>>): Record<string, T> {
  return seal(copy(openLayer(table), entries));
}

/** Every key visible in `table`, top layer first (each once). */
export function tableKeys(table: Readonly<Record<string, unknown>>): string[] {
  // for...in sees every layer (a plain table's own keys, as Object.keys would)
  const keys: string[] = [];
  for (const k in table) keys.push(k);
  return keys;
}

/** A plain object with every entry visible in `table` (to delete from it). */
export function flatTable<T>(table: Readonly<Record<string, T>>): Record<string, T> {
  return copy({}, table, tableKeys(table));
}

/** Writes `keys` (default: its own) of `from` into `to` as own entries, and returns `to`. */
function copy<T>(to: Record<string, T>, from: Readonly<Record<string, T>>, keys: string[] = Object.keys(from)): Record<string, T> {
  for (const k of keys) setOwn(to, k, from[k]);
  return to;
}
