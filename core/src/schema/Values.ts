// Values: a map of arbitrary keys to members of one schema (or of several, by discriminator).
import { DEV } from '#dev';
import { INVALID } from './symbols';
import { hasOwn, setOwn } from './ownEntry';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { SchemaError, assertParsed } from './SchemaError';
import { indexOfRef, type MemberOf } from './Array';
import type { NormalizeDelegate, Unvisit, Visit } from './types';

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
      if (DEV) assertParsed(input, this.name, key);
      throw new SchemaError(this.name, key, `expected an object, got ${Array.isArray(input) ? 'an array' : typeof input}`);
    }
    const out: Record<string, any> = {};
    for (const k in input) {
      const v = input[k];
      if (v !== undefined && v !== null) setOwn(out, k, this.normalizeValue(v, input, k, args, visit));
    }
    return out;
  }

  override denormalize(input: any, args: readonly any[], unvisit: Unvisit): Record<string, MemberOf<S>> {
    if (typeof input !== 'object' || input === null) return input;
    const out: Record<string, any> = {};
    for (const k in input) {
      const v = super.denormalize(input[k], args, unvisit);
      if (v !== undefined && v !== INVALID) setOwn(out, k, v);
    }
    return out;
  }

  /**
   * A stored map of members after a collection change (what CollectionChange asks a
   * Values collection): `want` says whether the change's members belong in it (undefined:
   * left as is). A move finds members by what they hold (a stored member may sit under
   * any key); add and remove go by key.
   *
   * @example
   * const byId = new Collection(new Values(Todo));
   * byId.schema.applyChange({ a: '1' }, { b: '2' }, true, byId.assign) // { a: '1', b: '2' }
   */
  applyChange(stored: any, refs: Record<string, unknown>, want: boolean | undefined, change: { readonly mode: string; merge(existing: any, incoming: any): any }): any {
    if (want === undefined || stored === null || typeof stored !== 'object' || Array.isArray(stored)) return stored;
    const move = change.mode === 'move';
    const moved = Object.values(refs);
    const inList = move && Object.values(stored).some((r) => indexOfRef(moved, r) !== -1);
    if (want) return inList ? stored : change.merge(stored, refs);
    if (move && !inList) return stored;
    let next: Record<string, unknown> | undefined;
    for (const k in stored) if (move ? indexOfRef(moved, stored[k]) !== -1 : hasOwn.call(refs, k)) delete (next ??= { ...stored })[k];
    return next ?? stored;
  }
}
