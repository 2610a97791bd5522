// Normalizing a response into the store's tables: the walk over the schema and the depth
// and top-level shape checks. The writes are NormalizeStore's; each schema's rules are in schema/.
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import { normalizeArray } from '../schema/Array';
import { Entity } from '../schema/Entity';
import { normalizeObject } from '../schema/Object';
import { schemaName } from '../schema/schemaName';
import { KIND } from '../schema/symbols';
import { assertParsed, devFail, SchemaError } from '../schema/SchemaError';
import type { EntityMeta, NormalizeMeta, Visit } from '../schema/types';
import { NormalizeStore, type NormalizeInputStore } from './NormalizeStore';

/** What `normalize` returns: the result plus full, copy-on-write tables. */
export interface NormalizedResult<R = any> {
  result: R;
  entities: { [key: string]: { [pk: string]: any } };
  indexes: { [key: string]: unknown };
  entitiesMeta: { [key: string]: { [pk: string]: EntityMeta } };
}

/**
 * Store `input` according to `schema` and return the normalized result and the
 * resulting tables. Tables that were not written keep identity; an entity whose
 * merged value equals what is stored keeps identity. Throws a 400 `SchemaError`
 * for bad input (`null` and `undefined` included), leaving `store` untouched. `optimistic` (or `meta.optimistic`)
 * allows entities without a primary key (an optimistic create).
 *
 * @example
 * const { result, entities } = normalize([Todo], [{ id: 1, title: 'milk' }]);
 * // result: ['1'], entities: { Todo: { '1': { id: 1, title: 'milk' } } }
 * const next = normalize(Todo, { id: 1, done: true }, [], { entities, entitiesMeta }, { fetchedAt: Date.now(), date: Date.now(), expiresAt: Infinity });
 */
export function normalize<R = any>(
  schema: any,
  input: any,
  args: readonly any[] = [],
  store: NormalizeInputStore = {},
  meta?: Partial<NormalizeMeta>,
  optimistic?: NormalizeMeta['optimistic'],
): NormalizedResult<R> {
  const now = Date.now();
  // Written out, not `{ ...entityMeta, optimistic }`: built by spread, it made a normalize of a
  // 1,000-entity list allocate a fifth more (V8, Node 20: 203 scavenges for 2,200 calls against
  // 168) and run that much slower in a process of its own.
  const callMeta: NormalizeMeta = {
    date: meta?.date ?? now,
    // With no meta at all, as data-client: stored entities count as fetched at 0 (any real fetch is newer).
    fetchedAt: meta?.fetchedAt ?? meta?.date ?? (meta ? now : 0),
    expiresAt: meta?.expiresAt ?? Infinity,
    optimistic: optimistic ?? meta?.optimistic,
  };
  // Inside a response a scalar where an Entity sits is a reference to a stored one,
  // but a whole response that is a scalar (`"oops"`, `42`) where an Entity, a list
  // or an object is declared is a bad answer: stored, it would read back as nothing.
  // Nothing at all is no data for any schema (a store that keeps `null` does not normalize it).
  const none = input == null;
  // (no schema: the input is the result, over the store's tables as they are)
  if (schema != null && (none || typeof input !== 'object')) {
    // by mark, not instanceof: normalizing does not bundle Collection for apps that never build one
    const kind = schema[KIND];
    if (
      none ||
      kind !== undefined ||
      Array.isArray(schema) ||
      schema.keyed === true ||
      (typeof schema === 'function' ? schema.prototype instanceof Entity : Object.getPrototypeOf(schema) === Object.prototype)
    ) {
      if (DEV) assertParsed(input, schemaName(schema), undefined);
      throw new SchemaError(
        schemaName(schema),
        undefined,
        DEV ? `expected ${expectedShape(schema, kind)}, but the response is ${showResponse(input)}` : 'unexpected response' + errorCode(40),
        DEV && typeof input === 'string' && 'check the urlPrefix/path and the Content-Type of the response',
      );
    }
  }
  const delegate = new NormalizeStore(store, args, callMeta);
  let depth = 0;
  const visit: Visit = (s, value, parent, key, a) => {
    // a default value in a schema object (`{ cursor: '' }`) is no schema ('' has String#normalize)
    if (value == null || !s || (typeof s !== 'object' && typeof s !== 'function')) return value;
    // Development checks that only name a mistake: a cycle would overflow the stack in
    // production too (nothing is stored either way), and a schema written `[A, B]` fails
    // in development before it ships.
    // deeper than 512 levels, the input is almost surely cyclic
    if (DEV && ++depth > 512) {
      devFail(schemaName(s), key, 'data nested deeper than 512 levels', 'the input probably contains a cycle (an object that contains itself)');
    }
    // `[A, B]` is no union: only A would be used
    if (DEV && Array.isArray(s) && s.length > 1) {
      devFail(`[${s.map(schemaName)}]`, key, 'a list schema takes one member schema', 'for mixed members use [new Union({ a: A, b: B }, attribute)]');
    }
    const out =
      typeof s.normalize === 'function'
        ? s.normalize(value, parent, key, a, visit, delegate)
        : Array.isArray(s)
          ? normalizeArray(s[0], value, parent, key, a, visit)
          : typeof s === 'object'
            ? normalizeObject(s, value, parent, key, a, visit)
            : value;
    if (DEV) depth--;
    return out;
  };
  const result = visit(schema, input, input, undefined, args);
  const [entities, entitiesMeta] = delegate.finish();
  // no index table is kept (a lookup by `indexes` scans the entity's table): the store's is passed on
  return { result, entities, indexes: (store.indexes ?? {}) as NormalizedResult['indexes'], entitiesMeta };
}

// Called by development messages only: `false` in production, so no function ships.
const showResponse = (DEV &&
  ((input: unknown): string => {
    const shown = JSON.stringify(input) ?? String(input);
    return input == null ? shown : `the ${typeof input} ${shown.length > 60 ? `${shown.slice(0, 60)}...` : shown}`;
  })) as (input: unknown) => string;

// What a whole response must be for a schema, in development messages only.
const expectedShape = (DEV &&
  ((schema: any, kind: unknown): string =>
    Array.isArray(schema) || kind === 'Array' || kind === 'Collection'
      ? 'an array'
      : kind === 'CollectionChange'
        ? 'an object or an array'
        : kind !== undefined || schema.keyed === true || (typeof schema === 'function' ? schema.prototype instanceof Entity : Object.getPrototypeOf(schema) === Object.prototype)
          ? 'an object'
          : 'data')) as (schema: any, kind: unknown) => string;
