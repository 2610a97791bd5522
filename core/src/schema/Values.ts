// Values: a map of arbitrary keys to members of one schema (or of several, by discriminator).
import { INVALID } from './symbols';
import { setOwn } from './ownEntry';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { SchemaError, assertParsed } from './SchemaError';
import type { MemberOf } from './Array';
import type { NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/**
 * A map of arbitrary keys to members of one schema (or of several, by attribute).
 * Deleted members are dropped when read.
 *
 * @example
 * const byId = new Values(Todo);          // { [id: string]: Todo }
 * const feed = new Values({ a: A, b: B }, 'type');
 */
export class Values<S = any> extends Polymorphic {
  declare readonly schema: S;
  /**
   * Members by key, not in order: what Collection and normalize check instead of
   * `instanceof Values`, so apps that never use Values do not bundle it.
   */
  readonly keyed = true;
  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      assertParsed(input, this.name, key);
      throw new SchemaError(this.name, key, `expected an object, got ${Array.isArray(input) ? 'an array' : typeof input}`);
    }
    const out: Record<string, any> = {};
    for (const k in input) {
      const v = input[k];
      if (v !== undefined && v !== null) setOwn(out, k, this.normalizeValue(v, input, k, args, visit));
    }
    return out;
  }

  denormalize(input: any, _args: readonly any[], unvisit: Unvisit): Record<string, MemberOf<S>> {
    if (typeof input !== 'object' || input === null) return input;
    const out: Record<string, any> = {};
    for (const k in input) {
      const v = this.denormalizeValue(input[k], unvisit);
      if (v !== undefined && v !== INVALID) setOwn(out, k, v);
    }
    return out;
  }

  queryKey(_args: readonly any[], _delegate: QueryDelegate): any {
    return undefined;
  }
}
