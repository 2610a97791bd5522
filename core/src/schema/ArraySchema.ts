// schema.Array: a list schema over one member schema, or over a map of them picked per
// member by a discriminator. The loops it runs are Array.ts's.
import { denormalizeArray, normalizeArray, type MemberOf } from './Array';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { KIND } from './symbols';
import type { NormalizeDelegate, Unvisit, Visit } from './types';

/**
 * A list schema; with a schema attribute, members pick their schema by discriminator.
 * `[Todo]` is the same as `new schema.Array(Todo)`.
 *
 * @example
 * const feed = new schema.Array({ posts: Post, links: Link }, 'type');
 */
export class ArraySchema<S = any> extends Polymorphic {
  declare readonly schema: S;

  static {
    (this.prototype as any)[KIND] = 'Array';
  }

  /**
   * Also true for the list a Collection builds for `[S]`, which has no discriminator
   * handling (so apps that never build a schema.Array do not bundle this class) but is
   * marked 'Array' too.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === ArraySchema ? (value as any)?.[KIND] === 'Array' : Function.prototype[Symbol.hasInstance].call(this, value);
  }

  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any[] {
    // members picked by discriminator each go through normalizeValue
    const each: Visit = this.isSingleSchema ? visit : (_s, value, p, k, a) => this.normalizeValue(value, p, k, a, visit);
    return normalizeArray(this.schema, input, parent, key, args, each, this.name);
  }

  override denormalize(input: any, args: readonly any[], unvisit: Unvisit): MemberOf<S>[] {
    if (this.isSingleSchema) return denormalizeArray(this.schema, input, unvisit);
    // members picked by discriminator each read as OneOf reads one (no schema given: null members stay)
    return denormalizeArray(undefined, input, (_s, value) => super.denormalize(value, args, unvisit));
  }
}
