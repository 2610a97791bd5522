// The base of Union, Array, Values and All: one schema, or a map picked per value by a
// discriminator.
import { DEV } from '#dev';
import { SchemaError } from './SchemaError';
import { schemaName } from './schemaName';
import type { Unvisit, Visit } from './types';

export type SchemaAttribute = string | ((value: any, parent: any, key: any) => string);

/**
 * Shared by Union, Array and Values: one schema, or a map of schemas chosen per
 * value by a discriminator attribute.
 */
export abstract class Polymorphic {
  /** The single schema, or the map of schemas by discriminator value. */
  declare readonly schema: any;
  // set by the constructor: declared, so no class-field definitions ship
  protected declare readonly attribute: ((value: any, parent: any, key: any) => string) | undefined;

  constructor(definition: any, schemaAttribute?: SchemaAttribute) {
    this.schema = definition;
    this.attribute =
      schemaAttribute === undefined
        ? undefined
        : typeof schemaAttribute === 'string'
          ? (value: any) => value?.[schemaAttribute]
          : schemaAttribute;
  }

  /** True when values pick their schema by attribute. */
  get isSingleSchema(): boolean {
    return this.attribute === undefined;
  }

  /** Name used in warnings and errors. */
  get name(): string {
    const s = this.schema;
    return `${this.constructor.name}(${this.attribute === undefined ? schemaName(s) : Object.keys(s).map((k) => schemaName(s[k])).join('|')})`;
  }

  /** Schema for one value, or undefined for an unknown discriminator. */
  inferSchema(value: any, parent: any, key: any): any {
    if (this.attribute === undefined) return this.schema;
    return this.schema[this.attribute(value, parent, key)];
  }

  protected normalizeValue(value: any, parent: any, key: any, args: readonly any[], visit: Visit): any {
    if (this.attribute === undefined) return visit(this.schema, value, parent, key, args);
    if (value === null || value === undefined) return value;
    if (typeof value !== 'object') {
      throw new SchemaError(
        this.name,
        key,
        DEV ? `expected an object to read the discriminator from, got ${typeof value}` : `expected an object, got ${typeof value}`,
      );
    }
    const type = this.attribute(value, parent, key);
    const schema = this.schema[type];
    if (schema === undefined) {
      if (DEV) console.warn(
        `${this.name}: no schema for discriminator value ${JSON.stringify(type)}` +
          (key !== undefined ? ` at field "${String(key)}"` : '') +
          `; known: ${Object.keys(this.schema).join(', ')}. The value is kept as is.`,
      );
      return value;
    }
    const id = visit(schema, value, parent, key, args);
    return id === undefined || id === null ? id : { id, schema: type };
  }

  protected denormalizeValue(value: any, unvisit: Unvisit): any {
    if (this.attribute === undefined) return unvisit(this.schema, value);
    if (value === null || typeof value !== 'object') return value;
    const schema = typeof value.schema === 'string' ? this.schema[value.schema] : undefined;
    // a value kept as is for an unknown discriminator reads back unchanged
    if (schema === undefined || !('id' in value)) return value;
    return unvisit(schema, value.id);
  }
}
