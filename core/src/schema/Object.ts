// Object schemas: schema.Object and the plain `{ a: S }`, whose normalize, denormalize
// and queryKey (deserializer fields included) the walkers in normalize/ reuse.
import { DEV } from '#dev';
import { INVALID, KIND } from './symbols';
import { isSchema, toConverter } from './entityPlan';
import { SchemaError, assertParsed } from './SchemaError';
import { schemaName } from './schemaName';
import type { Denormalize, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/** Normalize the declared fields of a plain object; other fields pass through. */
export function normalizeObject(
  schema: Record<string, any>,
  input: any,
  _parent: any,
  key: any,
  args: readonly any[],
  visit: Visit,
): any {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    // (a plain definition is named by its keys, `{a, b}`)
    const name = schemaName(schema);
    if (DEV) assertParsed(input, name, key);
    throw new SchemaError(name, key, 'expected an object' + (DEV ? `, got ${Array.isArray(input) ? 'an array' : typeof input}` : ''));
  }
  const out = { ...input };
  for (const k in schema) {
    const v = input[k];
    // a declared member sent as undefined is not stored as a field (as data-client)
    if (v === undefined) delete out[k];
    else if (v !== null) out[k] = visit(schema[k], v, input, k, args);
  }
  return out;
}

/**
 * Denormalize declared fields; a deleted (INVALID) member makes the whole object
 * INVALID. A function member that is no schema is a deserializer of the value.
 */
export function denormalizeObject(schema: Record<string, any>, input: any, unvisit: Unvisit): any {
  if (typeof input !== 'object' || input === null) return input;
  const out = { ...input };
  for (const k in schema) {
    const v = input[k];
    if (v === undefined || v === null) continue;
    const s = schema[k];
    // a deserializer member (`{ at: Temporal.Instant.from }`), else a schema
    const value = typeof s === 'function' && typeof s.denormalize !== 'function' ? toConverter(s)(v) : unvisit(s, v);
    if (value === INVALID) return INVALID;
    out[k] = value;
  }
  return out;
}

/**
 * queryKey of each declared schema field (Entity by args, All, ...). Undefined unless
 * every one of them is found: a half-found object would read as data that was never
 * fetched (and `{ total: 0 }` with no schema field can never be found from args).
 */
export function queryKeyObject(schema: Record<string, any>, args: readonly any[], delegate: QueryDelegate): any {
  // made by the first schema field found
  let out: Record<string, any> | undefined;
  for (const k in schema) {
    if (!isSchema(schema[k])) continue;
    const key = delegate.queryKey(schema[k], args);
    if (key === undefined) return undefined;
    (out ??= {})[k] = key;
  }
  return out;
}

/**
 * A plain object with some fields holding schemas. `{ user: User }` is the same
 * as `new schema.Object({ user: User })`.
 *
 * @example
 * const page = new schema.Object({ results: [Todo], next: undefined });
 */
export class ObjectSchema<S extends Record<string, any> = Record<string, any>> {
  declare readonly schema: S;
  constructor(definition: S) {
    this.schema = definition;
    // Marked by the first construction, not by a static block: a static block would keep
    // this class in every bundle that uses the functions above.
    (ObjectSchema.prototype as any)[KIND] = 'Object';
  }

  /** Adds fields to the definition (returns this, like the established library). */
  define(definition: Partial<S>): this {
    Object.assign(this.schema, definition);
    return this;
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    return normalizeObject(this.schema, input, parent, key, args, visit);
  }

  denormalize(input: any, _args: readonly any[], unvisit: Unvisit): { -readonly [K in keyof S]: Denormalize<S[K]> } {
    return denormalizeObject(this.schema, input, unvisit);
  }

  queryKey(args: readonly any[], delegate: QueryDelegate): any {
    return queryKeyObject(this.schema, args, delegate);
  }
}
