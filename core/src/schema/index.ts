// Entry of core's schema layer: the schema classes (also as `schema`), SchemaError, EntityMixin and the types.
import { All } from './All';
import { ArraySchema } from './ArraySchema';
import { Collection } from './Collection';
import { Entity } from './Entity';
import { Invalidate } from './Invalidate';
import { ObjectSchema } from './Object';
import { Query } from './Query';
import { Union } from './Union';
import { Values } from './Values';

export { All, ArraySchema, Collection, Entity, Invalidate, ObjectSchema, Query, Union, Values };
export { INVALID } from './symbols';
export { CollectionChange, type CollectionMerge } from './CollectionChange';
export { unshift } from './collectionMerges';
export type { CollectionOptions, CreateCollectionFilter, NonFilterArgumentKeys } from './Collection';
export type { MemberOf } from './Array';
export { SchemaError } from './SchemaError';
export { EntityMixin, type EntityMixinClass, type EntityMixinOptions } from './EntityMixin';
export { isSchema } from './entityPlan';
export { schemaDefaults } from './schemaDefaults';
export type { SchemaAttribute } from './OneOf';
export type {
  AbstractInstanceType,
  Denormalize,
  DenormalizeNullable,
  Deserializer,
  EntityLikeClass,
  MaybeInvalid,
  Normalize,
  NormalizeDelegate,
  NormalizeMeta,
  QueryDelegate,
  Schema,
  SchemaClass,
  StoredSchema,
  Unvisit,
  Visit,
} from './types';

/**
 * All schema classes under one name, as in the established library.
 *
 * @example
 * import { schema } from '@resto/core';
 * const list = new schema.Array(Todo);
 * type Users = schema.Array<typeof User>;
 */
export * as schema from './schemaNamespace';
