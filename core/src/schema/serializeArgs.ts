// The stable string of filter args that names a stored collection.
import { setOwn } from './ownEntry';
import { isPlainObject } from './schemaDefaults';

/**
 * Stable string for filter args: keys sorted (at every depth, so args equal up to
 * key order name one collection), undefined dropped, top-level primitive values as
 * strings (so `{ userId: 1 }` and `{ userId: '1' }` name the same collection).
 *
 * @example
 * serializeArgs({ userId: 1, filter: { b: 2, a: 1 } }) // '{"filter":{"a":1,"b":2},"userId":"1"}'
 */
export function serializeArgs(value: unknown): string {
  // a spread copy is a plain object (own enumerable keys, `__proto__` as a field; null spreads
  // as nothing) for sortKeys
  const out = sortKeys(typeof value === 'object' ? { ...value } : {}) as Record<string, unknown>;
  for (const k in out) {
    const v = out[k];
    // an own key: `__proto__` too is written as the field; JSON.stringify drops undefined
    // (and a function, which is no primitive either)
    if (v !== undefined && Object(v) !== v) out[k] = String(v);
  }
  return JSON.stringify(out);
}

/**
 * A copy of plain objects and arrays, at any depth, with object keys sorted; other
 * values as they are. `cycle` is called (and throws) when the value contains itself.
 *
 * @example
 * sortKeys({ b: [{ d: 1, c: 2 }], a: 1 }) // { a: 1, b: [{ c: 2, d: 1 }] }
 */
export function sortKeys(value: unknown, cycle?: () => never, seen: unknown[] = []): unknown {
  const list = Array.isArray(value);
  if (!list && !isPlainObject(value)) return value;
  if (seen.includes(value)) cycle?.();
  seen.push(value);
  const out: any = list ? value.map((item) => sortKeys(item, cycle, seen)) : {};
  if (!list) for (const k of Object.keys(value).sort()) setOwn(out, k, sortKeys(value[k], cycle, seen)); // `__proto__` as a plain key
  seen.pop();
  return out;
}
