import { queryKeyObject } from '../schema/Object';
import { ownValue } from '../schema/ownEntry';
import type { QueryDelegate } from '../schema/types';

type Tables = { readonly [key: string]: { readonly [pk: string]: any } | undefined };

/**
 * Normalized input for `schema` computed from args alone (no endpoint): Entity by
 * pk, All, Collection by args, objects of those. Undefined when not derivable or
 * nothing is stored.
 *
 * @example
 * queryKey(Todo, [{ id: 5 }], state.entities) // '5' when Todo 5 is stored
 */
export function queryKey(schema: any, args: readonly any[], entities: Tables): any {
  const delegate: QueryDelegate = {
    getEntity: (key, pk) => ownValue(entities[key], pk),
    getEntities: (key) => entities[key],
    queryKey: (s, a) => visitQueryKey(s, a, delegate),
  };
  return visitQueryKey(schema, args, delegate);
}

function visitQueryKey(schema: any, args: readonly any[], delegate: QueryDelegate): any {
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema.queryKey === 'function') return schema.queryKey(args, delegate);
  if (Array.isArray(schema)) return undefined;
  if (typeof schema === 'object') return queryKeyObject(schema, args, delegate);
  return undefined;
}
