/**
 * Deep equality for normalized (JSON-like) values. Class instances other than
 * plain objects and arrays compare by identity, except Dates by time.
 */
export function deepEqual(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const pa = Object.getPrototypeOf(a);
  if (pa !== Object.getPrototypeOf(b)) return false;
  if (pa !== Object.prototype && pa !== null) {
    return a instanceof Date ? a.getTime() === (b as Date).getTime() : false;
  }
  let n = 0;
  for (const k in a) {
    if (!(k in b) || !deepEqual(a[k], b[k])) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}

/** True when every field of `incoming` deep-equals the same field of `existing`. */
export function isSubsetEqual(incoming: any, existing: any): boolean {
  for (const k in incoming) {
    const v = incoming[k];
    const e = existing[k];
    if (v !== e && (!(k in existing) || !deepEqual(v, e))) return false;
  }
  return true;
}
