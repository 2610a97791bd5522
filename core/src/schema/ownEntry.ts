/**
 * Table access that treats `"__proto__"` as the plain key a server may send as
 * an id. Tables are ordinary objects, so `t['__proto__']` reads Object.prototype
 * when no such entity is stored, and `t['__proto__'] = v` would change the
 * table's prototype instead of storing `v`.
 *
 * @example
 * const table: Record<string, unknown> = {};
 * setOwn(table, '__proto__', { id: '__proto__' });
 * ownValue(table, '__proto__'); // { id: '__proto__' }, an own key of table
 */
export function ownValue<T>(table: { readonly [pk: string]: T } | undefined, pk: string): T | undefined {
  // Each layer is asked for its own entry, for every pk (not only "__proto__"). A plain
  // `table[pk]` finds entries of lower layers through the prototype chain, but from a
  // call site that has seen many tables (every store read comes through here) V8
  // resolves such a load in its runtime, once per (layer, pk), through a global cache
  // that a store's thousands of pks keep flushing (--log-ic: ~9,000 misses here in the
  // steady-state bench, none with own lookups; 2-3x faster reads of a table one write
  // old). See bench/README.md "Steady state".
  for (let t: object | null | undefined = table; t !== null && t !== undefined && t !== Object.prototype; t = Object.getPrototypeOf(t)) {
    if (hasOwn.call(t, pk)) return (t as { readonly [pk: string]: T })[pk];
  }
  return undefined;
}

/** `Object.prototype.hasOwnProperty`, to `.call` on any object (layered tables too). */
export const hasOwn = Object.prototype.hasOwnProperty;

/** Store `value` under `pk` as an own, enumerable key, `"__proto__"` included. See {@link ownValue}. */
export function setOwn<T>(table: { [pk: string]: T }, pk: string, value: T): void {
  if (pk === '__proto__') setHidden(table, pk, value, true);
  else table[pk] = value;
}

/**
 * Set `name` as an own, writable, configurable member, non-enumerable (one that
 * `extend()` and spreads skip) unless `enumerable`, over whatever was there (a
 * setter, an inherited getter, the `__proto__` accessor).
 *
 * @example
 * setHidden(collection, 'push', collection.addWith(unshift));
 */
export function setHidden(target: object, name: PropertyKey, value: unknown, enumerable?: boolean): void {
  // (enumerable: undefined is false)
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable });
}
