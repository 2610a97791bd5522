// Finding a read's normalized input from its args alone (Entity by pk, All, Collection by
// args), recording the entities and tables it looked at.
import { queryKeyObject } from '../schema/Object';
import { ownValue } from '../schema/ownEntry';
import type { QueryDelegate } from '../schema/types';

type Tables = { readonly [key: string]: { readonly [pk: string]: any } | undefined };

/** What a query read from the store: entities by pk and whole tables (for change tracking). */
export interface QueryReads {
  /** Flat pairs `entityKey, pk` looked up, found or not. */
  readonly entities: string[];
  /** Entity keys whose whole table was read (All). */
  readonly tables: string[];
}

/**
 * Normalized input for `schema` computed from args alone (no endpoint): Entity by
 * pk, All, Collection by args, objects of those. Undefined when not derivable or
 * nothing is stored. `reads`, when given, collects what was looked at.
 *
 * @example
 * queryKey(Todo, [{ id: 5 }], state.entities) // '5' when Todo 5 is stored
 */
export function queryKey(schema: any, args: readonly any[], entities: Tables, reads?: QueryReads): any {
  const delegate: QueryDelegate = {
    getEntity: (key, pk) => {
      reads?.entities.push(key, pk);
      return ownValue(entities[key], pk);
    },
    getEntities: (key) => {
      reads?.tables.push(key);
      return entities[key];
    },
    // a schema's own lookup; plain objects look up each field; lists cannot be found from args
    queryKey: (s, a) =>
      s === undefined || s === null
        ? undefined
        : typeof s.queryKey === 'function'
          ? s.queryKey(a, delegate)
          : typeof s === 'object' && !Array.isArray(s)
            ? queryKeyObject(s, a, delegate)
            : undefined,
  };
  return delegate.queryKey(schema, args);
}
