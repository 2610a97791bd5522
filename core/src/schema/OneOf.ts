// OneOf: one schema, or a map of schemas picked per value by a discriminator attribute:
// the lookups and the read of a stored `{ id, schema }` that Polymorphic (the base of Union,
// Array, Values and All), Invalidate and Collection's own `[S]` list share. Normalizing a
// value picked by discriminator is Polymorphic's.
import { schemaName } from './schemaName';
import type { QueryDelegate, Unvisit } from './types';

export type SchemaAttribute = string | ((value: any, parent: any, key: any) => string);

/** One schema, or a map of schemas chosen per value by a discriminator attribute. */
export abstract class OneOf {
  /** The single schema, or the map of schemas by discriminator value. */
  declare readonly schema: any;
  // set by the constructor: declared, so no class-field definitions ship
  protected declare readonly attribute: ((value: any, parent: any, key: any) => string) | undefined;

  constructor(definition: any, schemaAttribute?: SchemaAttribute) {
    this.schema = definition;
    // a function (or undefined: one schema) as given
    this.attribute = typeof schemaAttribute === 'string' ? (value: any) => value?.[schemaAttribute] : schemaAttribute;
  }

  /** True when values pick their schema by attribute. */
  get isSingleSchema(): boolean {
    return this.attribute === undefined;
  }

  /** Name used in warnings and errors. */
  get name(): string {
    const s = this.schema;
    return `${this.constructor.name}(${this.attribute === undefined ? schemaName(s) : Object.values(s).map(schemaName).join('|')})`;
  }

  /** Schema for one value, or undefined for an unknown discriminator. */
  inferSchema(value: any, parent: any, key: any): any {
    if (this.attribute === undefined) return this.schema;
    return this.schema[this.attribute(value, parent, key)];
  }

  /** Nothing stored is found from args alone (Union and All look theirs up). */
  queryKey(_args: readonly any[], _delegate: QueryDelegate): any {
    return undefined;
  }

  /**
   * One value read back: by the one schema, or a stored `{ id, schema }` by the member it
   * names (Invalidate and Union read this way; list and map schemas call it per member).
   */
  denormalize(value: any, _args: readonly any[], unvisit: Unvisit): any {
    if (this.attribute === undefined) return unvisit(this.schema, value);
    if (value === null || typeof value !== 'object') return value;
    // (no member is named by a value that is no string: `[object Object]`, `undefined`)
    const schema = this.schema[value.schema];
    // a value kept as is for an unknown discriminator reads back unchanged
    if (schema === undefined || !('id' in value)) return value;
    return unvisit(schema, value.id);
  }
}
