import { SchemaError, looksLikeJSON, notParsedError } from './SchemaError';
import { schemaName } from './Polymorphic';
import type { Denormalize, EntityLikeClass, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';
import type { Union } from './Union';

/**
 * Marks an entity deleted: input is its primary key (string or number) or an
 * object with what `pk()` needs. Stores the INVALID tombstone, so lists drop it
 * and a lone read returns INVALID.
 *
 * @example
 * const remove = new RestEndpoint({ path: '/todos/:id', method: 'DELETE', schema: new Invalidate(Todo) });
 */
export class Invalidate<E extends EntityLikeClass | Union<any> = EntityLikeClass> {
  readonly schema: E;

  constructor(entity: E) {
    if (!entity) throw new SchemaError('Invalidate', undefined, 'needs an Entity or a Union');
    this.schema = entity;
  }

  get key(): string {
    return schemaName(this.schema);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], _visit: Visit, delegate: NormalizeDelegate): any {
    let schema: any = this.schema;
    let type: string | undefined;
    if (typeof schema.inferSchema === 'function') {
      // a Union: the discriminator picks the entity kind
      if (typeof input !== 'object' || input === null) {
        throw new SchemaError(
          `Invalidate(${this.key})`,
          key,
          'a Union needs an object with the discriminator, not a bare primary key',
        );
      }
      type = schema.attribute(input, parent, key);
      schema = schema.inferSchema(input, parent, key);
      if (schema === undefined) {
        console.warn(`Invalidate(${this.key}): no schema for ${JSON.stringify(type)}; nothing invalidated`);
        return input;
      }
    }
    let id: unknown;
    if (typeof input === 'object' && input !== null) {
      const processed = schema.process(input, parent, key, args);
      id = schema.pk(processed, parent, key, args);
    } else {
      if (typeof input === 'string' && looksLikeJSON(input)) throw notParsedError(`Invalidate(${this.key})`, key);
      id = input;
    }
    if (id === undefined || id === null || id === '' || id === 'undefined') {
      throw new SchemaError(
        `Invalidate(${schema.key})`,
        key,
        'missing primary key',
        'pass the primary key as a string, or an object with the fields pk() reads',
      );
    }
    const pk = `${id}`;
    delegate.invalidate(schema.key, pk);
    return type === undefined ? pk : { id: pk, schema: type };
  }

  denormalize(input: any, _args: readonly any[], unvisit: Unvisit): Denormalize<E> {
    return unvisit(this.schema, input);
  }

  queryKey(_args: readonly any[], _delegate: QueryDelegate): any {
    return undefined;
  }
}
