/**
 * Deep equality for normalized (JSON-like) values. Class instances other than
 * plain objects and arrays compare by identity, except Dates by time.
 *
 * @example
 * deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }) // true
 */
export function deepEqual(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return a instanceof Date && +a === +b;
  let n = 0;
  for (const k in a) {
    if (!(k in b) || !deepEqual(a[k], b[k])) return false;
    n++;
  }
  for (const _ in b) n--;
  return !n;
}

/** True when every field of `incoming` deep-equals the same field of `existing`. */
export function isSubsetEqual(incoming: any, existing: any): boolean {
  for (const k in incoming) if (incoming[k] !== existing[k] && !deepEqual(incoming[k], existing[k])) return false;
  return true;
}
