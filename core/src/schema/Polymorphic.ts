// Polymorphic: the base of Union, Array, Values and All, which adds to OneOfMap (one schema,
// or a map picked per value by a discriminator) the normalizing of a value picked by
// discriminator.
import { DEV } from '#dev';
import { OneOfMap } from './OneOf';
import { SchemaError } from './SchemaError';
import type { Visit } from './types';

export type { SchemaAttribute } from './OneOf';

/**
 * Shared by Union, Array, Values and All: one schema, or a map of schemas chosen per
 * value by a discriminator attribute.
 */
export abstract class Polymorphic extends OneOfMap {
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
}
