// Union: one of several entity kinds, chosen per value by a discriminator.
import { DEV } from '#dev';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { SchemaError } from './SchemaError';
import { KIND } from './symbols';
import { Invalidate } from './Invalidate';
import type { Denormalize, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/**
 * One of several Entity kinds, chosen by a discriminator attribute (or function).
 * Stored as `{ id, schema }`; an unknown discriminator warns and keeps the value.
 *
 * @example
 * const Item = new Union({ users: User, groups: Group }, 'type');
 * const Item2 = new Union({ users: User, groups: Group }, (input) => input.kind + 's');
 */
export class Union<S extends Record<string, any> = Record<string, any>> extends Polymorphic {
  declare readonly schema: S;

  static {
    (this.prototype as any)[KIND] = 'Union';
  }

  constructor(definition: S, schemaAttribute: SchemaAttribute) {
    if (schemaAttribute === undefined) {
      throw new SchemaError('Union', undefined, 'needs a schema attribute' + (DEV ? ' (a field name or a function)' : ''));
    }
    super(definition, schemaAttribute);
  }

  override get name(): string {
    return `Union(${Object.keys(this.schema).join('|')})`;
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    return this.normalizeValue(input, parent, key, args, visit);
  }

  /**
   * @internal The Invalidate over this Union: what `resource()`'s delete holds (so an app
   * whose resources have no Union does not bundle the discriminated Invalidate).
   */
  invalidate(): Invalidate<this> {
    return new Invalidate(this);
  }

  /** Lookup by args holding the discriminator and the primary key fields. */
  override queryKey(args: readonly any[], delegate: QueryDelegate): any {
    const first = args[0];
    if (!first || typeof first !== 'object') return undefined;
    const type = this.attribute!(first, undefined, undefined);
    const schema = this.schema[type];
    if (schema === undefined) return undefined;
    const id = delegate.queryKey(schema, args);
    return id === undefined ? undefined : { id, schema: type };
  }
}

// Reads back as OneOf does: the member the stored `{ id, schema }` names.
export interface Union<S extends Record<string, any> = Record<string, any>> {
  denormalize(input: any, args: readonly any[], unvisit: Unvisit): Denormalize<S[keyof S]>;
}
