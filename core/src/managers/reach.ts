// What a stored result (or a live query) reaches, read from the normalized tables: its
// stored pks walked through the schema, with no entity instances built (BoundedGCPolicy's
// sweep runs it on every result it keeps, read or not).
import { readInput } from '../controller/byKey';
import { denormalizeArray } from '../schema/Array';
import { denormalizeObject } from '../schema/Object';
import { ownValue } from '../schema/ownEntry';
import type { State } from '../state';
import type { Known } from './sweep';

/**
 * Adds `entityKey + '\0' + pk` to `into` for every stored entity (deleted ones
 * included) that `read` reaches, walked from its stored pks (a live query's: those its
 * args find), and `seen` does not hold (what `seen` holds was walked before). Container
 * schemas walk their members with their own `denormalize` (lists and objects of pks,
 * never instances).
 *
 * @example
 * const ids = new Set<string>();
 * reach({ key: 'GET /todos', schema: [Todo], args: [], refs: 0, lastRead: 0 }, state, ids, new Set()); // 'Todo\u00001', ...
 */
export function reach({ key, schema, args, refs }: Known, { endpoints, entities }: State, into: Set<string>, seen: Set<string>): void {
  const visit = (s: any, v: any): any => {
    if (v == null || s == null || typeof v === 'symbol') return v;
    // An Entity class or a Collection: its stored record (an inline one as is), walked
    // through its fields' schemas (a Collection's: its list schema)
    if (typeof s === 'function' || typeof s.pk === 'function') {
      if (typeof v !== 'object') {
        const id = s.key + '\0' + v;
        const stored = ownValue(entities[s.key], `${v}`);
        if (into.has(id) || seen.has(id) || stored === undefined) return v;
        into.add(id);
        v = stored;
      }
      visit(s.schema, v);
      return v;
    }
    if (Array.isArray(s)) return denormalizeArray(s[0], v, visit);
    // A Query's members only: its `process` expects instances. A custom schema's denormalize
    // gets pks back from the walk: what it throws after walking is moot.
    if (typeof s.denormalize === 'function') {
      try {
        return s.process ? visit(s.schema, v) : s.denormalize(v, args, visit);
      } catch {
        return v;
      }
    }
    return typeof s === 'object' ? denormalizeObject(s, v, visit) : v;
  };
  const stored = key && endpoints[key];
  // A subscribed reader (or a live query) reaches what it reads (readInput: an All the tables'
  // members, a key with nothing stored what its args find); a result nobody reads, what it stores.
  visit(schema, key && !refs ? stored : readInput(schema, args!, stored, entities));
}
