// The stable string of filter args that names a stored collection.
import { setOwn } from './ownEntry';

/**
 * Stable string for filter args: keys sorted (at every depth, so args equal up to
 * key order name one collection), undefined dropped, top-level primitive values as
 * strings (so `{ userId: 1 }` and `{ userId: '1' }` name the same collection).
 *
 * @example
 * serializeArgs({ userId: 1, filter: { b: 2, a: 1 } }) // '{"filter":{"a":1,"b":2},"userId":"1"}'
 */
export function serializeArgs(value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') return '{}';
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    setOwn(out, k, typeof v === 'object' && v !== null ? sorted(v) : String(v));
  }
  return JSON.stringify(out);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) setOwn(out, k, sorted((value as Record<string, unknown>)[k]));
  return out;
}
