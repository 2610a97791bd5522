// The Invalidate of resource()'s delete: over one Entity, without the discriminator handling
// (so apps without a Union do not bundle it); over a Union, the Union's own Invalidate. Its
// normalize stores the tombstone for both.
import { DEV } from '#dev';
import { SchemaError, assertParsed, devFail } from './SchemaError';
import { OneOf } from './OneOf';
import { errorCode } from '../dev/errorCode';
import { schemaName } from './schemaName';
import { noPk } from './entityPlan';
import type { EntityLikeClass, NormalizeDelegate, Visit } from './types';
import type { Invalidate as AnyInvalidate } from './Invalidate';
import type { Union } from './Union';
import { KIND } from './symbols';

// Named Invalidate, as the class it stands for: its `name` reads `Invalidate(Todo)`.
class Invalidate extends OneOf {
  constructor(entity: any) {
    // a definition mistake: development-only (in production reading its kind throws)
    if (DEV && !entity) devFail('Invalidate', undefined, 'needs an Entity or a Union');
    super(entity);
    // over a Union: the Invalidate it makes (with the discriminator handling)
    if (entity[KIND] === 'Union') return entity.invalidate();
  }

  get key(): string {
    return schemaName(this.schema);
  }

  /**
   * Stores the INVALID tombstone for the entity that `input` names (its pk, or a record with
   * what `pk()` reads) and returns its pk. The discriminated Invalidate calls it with the
   * member picked as `this.schema`.
   */
  normalize(input: any, parent: any, key: any, args: readonly any[], _visit: Visit, delegate: NormalizeDelegate): any {
    const schema = this.schema;
    // an object is a record to read the pk from; anything else is the pk
    const record = typeof input === 'object' && input !== null;
    if (DEV && !record) assertParsed(input, `Invalidate(${schema.key})`, key);
    const id: unknown = record ? schema.pk(schema.process(input, parent, key, args), parent, key, args) : input;
    if (noPk(id)) {
      throw new SchemaError(
        `Invalidate(${schema.key})`,
        key,
        DEV ? 'missing primary key\n  hint: pass the primary key as a string, or an object with the fields pk() reads' : 'pk' + errorCode(50),
      );
    }
    const pk = `${id}`;
    delegate.invalidate(schema.key, pk);
    return pk;
  }
}

/**
 * An Invalidate over one Entity, or (given a Union) the Union's: what `resource()` makes
 * for its delete. `instanceof Invalidate` holds for it.
 *
 * @example
 * const TodoResource = resource({ path: '/todos/:id', schema: Todo });
 * TodoResource.delete.schema instanceof Invalidate; // true: an InvalidateOne(Todo)
 */
export const InvalidateOne = Invalidate as unknown as {
  new <E extends EntityLikeClass | Union<any>>(entity: E): AnyInvalidate<E>;
  readonly prototype: Invalidate;
};
