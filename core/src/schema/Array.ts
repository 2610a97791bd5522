// The list loops: normalize and denormalize a list against one member schema, for the
// plain `[S]` (in the walkers in normalize/), schema.Array, Collection and All; and
// MemberOf, the data type of one member.
import { DEV } from '#dev';
import { INVALID } from './symbols';
import { schemaName } from './schemaName';
import { SchemaError, assertParsed } from './SchemaError';
import type { Denormalize, EntityLikeClass, SchemaClass, Unvisit, Visit } from './types';

/** Normalize a list against one member schema (used for `[S]` too). */
export function normalizeArray(
  schema: any,
  input: any,
  parent: any,
  key: any,
  args: readonly any[],
  visit: Visit,
  name?: string,
): any[] {
  let list = input;
  if (!Array.isArray(list)) {
    if (typeof list !== 'object' || list === null) {
      const shown = name ?? schemaName([schema]);
      if (DEV) assertParsed(list, shown, key);
      throw new SchemaError(shown, key, 'expected an array' + (DEV ? `, got ${typeof list}` : ''));
    }
    // an object of members is accepted as its values
    list = Object.values(list);
  }
  return list.map((item: any) => visit(schema, item, parent, key, args));
}

/**
 * Denormalize a list; members that are deleted (INVALID) or missing are skipped, and so
 * is `null` in a list of entities (or Unions): a server's `[null]` is no entity, and
 * merged into a list by `push` it would reach code that reads `item.id`.
 */
export function denormalizeArray(schema: any, input: any, unvisit: Unvisit): any {
  if (!Array.isArray(input)) return input;
  const out: any[] = [];
  const skipNull = typeof schema === 'function' || typeof schema?.denormalize === 'function';
  for (let i = 0; i < input.length; i++) {
    const v = unvisit(schema, input[i]);
    if (v !== undefined && v !== INVALID && !(v === null && skipNull)) out.push(v);
  }
  return out;
}

/** Index of a member reference (a pk, or `{ id, schema }` for polymorphic members) in a stored list, or -1. */
export function indexOfRef(list: readonly any[], ref: any): number {
  return typeof ref !== 'object' || ref === null
    ? list.indexOf(ref)
    : // (a stored pk or tombstone has no id; a reference always has one)
      list.findIndex((r) => r?.id === ref.id && r.schema === ref.schema);
}

/** Data type of one member: the single schema's, or any of the map's. */
export type MemberOf<S> = S extends EntityLikeClass | SchemaClass | readonly any[]
  ? Denormalize<S>
  : S extends Record<string, infer M>
    ? Denormalize<M>
    : Denormalize<S>;
