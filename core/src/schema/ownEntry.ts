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
  if (table === undefined) return undefined;
  if (pk === '__proto__') {
    // Store tables are layers (each one's prototype is the table below): the entry
    // may be own to any layer, and is absent if no layer has it.
    for (let t: object | null = table; t !== null && t !== Object.prototype; t = Object.getPrototypeOf(t)) {
      if (Object.prototype.hasOwnProperty.call(t, pk)) return (t as { readonly [pk: string]: T })[pk];
    }
    return undefined;
  }
  return table[pk];
}

/** Store `value` under `pk` as an own, enumerable key, `"__proto__"` included. See {@link ownValue}. */
export function setOwn<T>(table: { [pk: string]: T }, pk: string, value: T): void {
  if (pk === '__proto__') Object.defineProperty(table, pk, { value, writable: true, enumerable: true, configurable: true });
  else table[pk] = value;
}
