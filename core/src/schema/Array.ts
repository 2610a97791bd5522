// List schemas: schema.Array and the plain `[S]` (one schema, or a map picked by
// discriminator); its list helpers also serve the walkers in normalize/ and All.
import { INVALID } from './symbols';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { schemaName } from './schemaName';
import { SchemaError, assertParsed } from './SchemaError';
import type { Denormalize, EntityLikeClass, NormalizeDelegate, SchemaClass, QueryDelegate, Unvisit, Visit } from './types';

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
  const list = Array.isArray(input) ? input : toList(input, key, name ?? `[${schemaName(schema)}]`);
  const out = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = visit(schema, list[i], parent, key, args);
  return out;
}

function toList(input: any, key: any, name: string): any[] {
  if (Array.isArray(input)) return input;
  assertParsed(input, name, key);
  if (typeof input !== 'object' || input === null) {
    throw new SchemaError(name, key, `expected an array, got ${typeof input}`);
  }
  // an object of members is accepted as its values
  return Object.values(input);
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

/** Data type of one member: the single schema's, or any of the map's. */
export type MemberOf<S> = S extends EntityLikeClass | SchemaClass | readonly any[]
  ? Denormalize<S>
  : S extends Record<string, infer M>
    ? Denormalize<M>
    : Denormalize<S>;

/**
 * A list schema; with a schema attribute, members pick their schema by discriminator.
 * `[Todo]` is the same as `new schema.Array(Todo)`.
 *
 * @example
 * const feed = new schema.Array({ posts: Post, links: Link }, 'type');
 */
export class ArraySchema<S = any> extends Polymorphic {
  declare readonly schema: S;
  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any[] {
    // members picked by discriminator each go through normalizeValue
    const each: Visit = this.isSingleSchema ? visit : (_s, value, p, k, a) => this.normalizeValue(value, p, k, a, visit);
    return normalizeArray(this.schema, input, parent, key, args, each, this.name);
  }

  denormalize(input: any, _args: readonly any[], unvisit: Unvisit): MemberOf<S>[] {
    if (this.isSingleSchema) return denormalizeArray(this.schema, input, unvisit);
    // members picked by discriminator each go through denormalizeValue (no schema given: null members stay)
    return denormalizeArray(undefined, input, (_s, value) => this.denormalizeValue(value, unvisit));
  }

  queryKey(_args: readonly any[], _delegate: QueryDelegate): any {
    return undefined;
  }
}
