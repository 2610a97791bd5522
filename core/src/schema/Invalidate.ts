// Invalidate: the schema of a delete, which stores the INVALID tombstone for an entity
// (of one kind, or of a Union's).
import { DEV } from '#dev';
import { devFail } from './SchemaError';
import { OneOfMap, type SchemaAttribute } from './OneOf';
import { schemaName } from './schemaName';
import { InvalidateOne } from './InvalidateOne';
import type { Denormalize, EntityLikeClass, NormalizeDelegate, Unvisit, Visit } from './types';
import type { Union } from './Union';
import { KIND } from './symbols';

/**
 * Marks an entity deleted: input is its primary key (string or number) or an
 * object with what `pk()` needs. Stores the INVALID tombstone, so lists drop it
 * and a lone read returns INVALID.
 *
 * Over several kinds, give a Union, or its definition and attribute.
 *
 * @example
 * const remove = new RestEndpoint({ path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) });
 * const removeItem = new RestEndpoint({ path: '/items/:id', method: 'DELETE', schema: new Invalidate({ users: User, groups: Group }, 'type') });
 */
export class Invalidate<E extends EntityLikeClass | Union<any> = EntityLikeClass> extends OneOfMap {
  /** The Entity, or (over a Union) the Union's members by discriminator value. */
  declare readonly schema: E extends Union<infer S> ? S : E;

  constructor(entity: E);
  constructor(definition: Record<string, EntityLikeClass>, schemaAttribute: SchemaAttribute);
  constructor(entity: any, schemaAttribute?: SchemaAttribute) {
    // a definition mistake: development-only (in production reading its kind throws)
    if (DEV && !entity) devFail('Invalidate', undefined, 'needs an Entity or a Union');
    // A Union's members and discriminator are hoisted (as data-client does), so
    // `schema` and `isSingleSchema` read as for a Union given by its definition.
    const union = entity[KIND] === 'Union';
    super(union ? entity.schema : entity, union ? (entity as any).attribute : schemaAttribute);
  }

  get key(): string {
    return this.attribute ? `Union(${Object.keys(this.schema).join('|')})` : schemaName(this.schema);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): any {
    const pick = this.attribute;
    // the tombstone is stored by the one-Entity Invalidate's normalize, for the member picked
    const store = (schema: unknown) => InvalidateOne.prototype.normalize.call({ schema }, input, parent, key, args, visit, delegate);
    if (!pick) return store(this.schema);
    // The discriminator picks the entity kind. Without one (a bare pk, or params
    // only) the kind is unknown: warn and keep the value, as a Union does.
    const type = typeof input === 'object' && input !== null ? pick(input, parent, key) : undefined;
    // (no member is named "undefined")
    const schema = this.schema[type as string];
    if (schema === undefined) {
      if (DEV) console.warn(`Invalidate(${this.key}): no schema for discriminator ${JSON.stringify(type)} in ${JSON.stringify(input)}; nothing invalidated`);
      return input;
    }
    return { id: store(schema), schema: type };
  }

  /** Also true for the Invalidate `resource()` makes for its delete over one Entity. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (this === Invalidate && value instanceof InvalidateOne) || Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

// Reads back as OneOfMap does (a Union's members by the stored name), typed by its entity.
export interface Invalidate<E extends EntityLikeClass | Union<any> = EntityLikeClass> {
  denormalize(input: any, args: readonly any[], unvisit: Unvisit): Denormalize<E>;
}
