// The schema contracts (SchemaClass, the normalize and query delegates) and the
// type-level Denormalize and Normalize. Types only.
import type { INVALID } from './symbols';

/** Timing of one stored entity, by `entitiesMeta[key][pk]`. */
export interface EntityMeta {
  readonly date: number;
  readonly fetchedAt: number;
  readonly expiresAt: number;
}

/**
 * Meta passed to `normalize`; `optimistic` allows creates without a primary key. As an
 * array it holds the temporary pks the update's creates got, in order, so every replay
 * of one pending update gives the same ones.
 */
export interface NormalizeMeta extends EntityMeta {
  readonly optimistic?: boolean | number[];
}

/** Recurse into a nested schema while normalizing. */
export type Visit = (schema: any, value: any, parent: any, key: any, args: readonly any[]) => any;

/** Recurse into a nested schema while denormalizing. */
export type Unvisit = (schema: any, input: any) => any;

/** What a schema may do to the store while normalizing (copy-on-write behind it). */
export interface NormalizeDelegate {
  readonly args: readonly any[];
  readonly meta: NormalizeMeta;
  /** Current (working) stored value. */
  getEntity(key: string, pk: string): any;
  /** Current (working) table of one key; do not mutate. */
  getEntities(key: string): Readonly<Record<string, any>> | undefined;
  getMeta(key: string, pk: string): EntityMeta | undefined;
  /** Merge `incoming` into what is stored (by fetchedAt), keeping identity when equal. */
  mergeEntity(schema: StoredSchema, pk: string, incoming: any): void;
  /** Write a value as is (keeps meta); identity kept when deeply equal. */
  setEntity(key: string, pk: string, value: any): void;
  /** Store the INVALID tombstone. */
  invalidate(key: string, pk: string): void;
}

/** Reads available to `queryKey`. */
export interface QueryDelegate {
  getEntity(key: string, pk: string): any;
  getEntities(key: string): Readonly<Record<string, any>> | undefined;
  /** queryKey of a nested schema (arrays and objects included). */
  queryKey(schema: any, args: readonly any[]): any;
}

/** The structural contract every schema class implements. */
export interface SchemaClass<D = any, N = any> {
  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): N;
  denormalize(input: any, args: readonly any[], unvisit: Unvisit): D;
  queryKey(args: readonly any[], delegate: QueryDelegate): any;
}

/** A schema whose values live in `entities[key][pk]` (Entity, Collection). */
export interface StoredSchema {
  readonly key: string;
  pk(value: any, parent?: any, key?: any, args?: readonly any[]): string | number | undefined | null;
  merge(existing: any, incoming: any): any;
  mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): any;
  mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta;
  denormalize(input: any, args: readonly any[], unvisit: Unvisit): any;
}

/** Anything usable as a schema: schema classes, Entity classes, `[S]`, `{ a: S }`. */
export type Schema =
  | SchemaClass
  | EntityLikeClass
  | readonly [Schema]
  | Schema[]
  | { readonly [k: string]: Schema | Deserializer | undefined };

/** A field converter in `static schema`: a function or a constructor. */
export type Deserializer = ((value: any) => any) | (abstract new (value: any) => any);

/** The static side of an Entity class, structurally. */
export interface EntityLikeClass<T = any> {
  readonly key: string;
  readonly prototype: T;
  pk(value: any, parent?: any, key?: any, args?: readonly any[]): any;
  normalize(...a: any[]): any;
  denormalize(...a: any[]): any;
}

/** `AbstractInstanceType<typeof Todo>` is `Todo`. */
export type AbstractInstanceType<T> = T extends abstract new (...args: any) => infer U
  ? U
  : T extends { prototype: infer P }
    ? P
    : never;

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * Data type read from the store for schema `S`.
 *
 * @example
 * type Data = Denormalize<[typeof Todo]>; // Todo[]
 */
export type Denormalize<S> =
  IsAny<S> extends true
    ? any
    : S extends EntityLikeClass
      ? AbstractInstanceType<S>
      : S extends { denormalize(input: any, args: any, unvisit: any): infer D }
        ? D
        : S extends readonly (infer I)[]
          ? Denormalize<I>[]
          : S extends (...args: any) => infer R
            ? R
            : S extends abstract new (...args: any) => infer R
              ? R
              : S extends object
                ? { -readonly [K in keyof S]: Denormalize<S[K]> }
                : S;

/**
 * Like {@link Denormalize}, but entities may be missing (not fetched yet).
 *
 * @example
 * type Maybe = DenormalizeNullable<typeof Todo>; // Todo | undefined
 */
export type DenormalizeNullable<S> =
  IsAny<S> extends true
    ? any
    : S extends EntityLikeClass
      ? AbstractInstanceType<S> | undefined
      : S extends { _denormalizeNullable(): infer D }
        ? D
        : S extends { denormalize(input: any, args: any, unvisit: any): infer D }
          ? D | undefined
          : S extends readonly (infer I)[]
            ? Denormalize<I>[] | undefined
            : S extends (...args: any) => any
              ? Denormalize<S>
              : S extends object
                ? { -readonly [K in keyof S]: DenormalizeNullable<S[K]> }
                : S;

/**
 * Shape stored for schema `S` (primary keys in place of entities).
 *
 * @example
 * type Stored = Normalize<[typeof Todo]>; // string[]
 */
export type Normalize<S> =
  IsAny<S> extends true
    ? any
    : S extends EntityLikeClass
      ? string
      : S extends { normalize(...args: any): infer N }
        ? N
        : S extends readonly (infer I)[]
          ? Normalize<I>[]
          : S extends (...args: any) => any
            ? any
            : S extends object
              ? { -readonly [K in keyof S]: Normalize<S[K]> }
              : S;

/** Result of a read that may be the INVALID tombstone. */
export type MaybeInvalid<T> = T | INVALID;
