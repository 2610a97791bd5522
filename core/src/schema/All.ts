// All: every stored entity of a kind (or of several kinds) as a list, read from the
// tables themselves.
import { INVALID } from './symbols';
import { denormalizeArray } from './Array';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { schemaName } from './schemaName';
import type { MemberOf } from './Array';
import type { DenormalizeNullable, EntityLikeClass, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';
import type { Union } from './Union';

const pksByTable = new WeakMap<object, string[]>();

/** Live primary keys of one table; the same array while the table is the same object. */
function livePks(table: Record<string, unknown>): string[] {
  let pks = pksByTable.get(table);
  if (pks === undefined) {
    pks = [];
    for (const pk in table) if (table[pk] !== INVALID) pks.push(pk);
    pksByTable.set(table, pks);
  }
  return pks;
}

/**
 * Every stored entity of a kind (or of each kind of a Union, or of a map of kinds
 * with a discriminator, as `new schema.Array(map, attribute)` takes), as a list.
 * Undefined until at least one of them was stored. An endpoint with this schema
 * always reads the tables, so entities stored by other endpoints show up too.
 *
 * @example
 * const allTodos = new All(Todo);
 * memo.query(allTodos, [], state) // Todo[]
 * const pets = new All({ cats: Cat, dogs: Dog }, 'type'); // (Cat | Dog)[]
 */
export class All<E extends EntityLikeClass | Union<any> | Record<string, EntityLikeClass> = EntityLikeClass> extends Polymorphic {
  declare readonly schema: E;
  private last: { tables: unknown[]; result: unknown[] } | undefined;
  /**
   * Reads the entity tables on every read (see responseByKey in controller/byKey.ts): checked
   * instead of `instanceof All`, so apps that never use All do not bundle it.
   */
  readonly readsTables = true;

  constructor(schema: E, schemaAttribute?: E extends EntityLikeClass | Union<any> ? undefined : SchemaAttribute) {
    super(schema, schemaAttribute);
  }

  get key(): string {
    return this.isSingleSchema ? `All(${schemaName(this.schema)})` : this.name;
  }

  /** Stores a list, or the values of an object keyed by id; anything else passes through. */
  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    const list = Array.isArray(input) ? input : typeof input === 'object' && input !== null ? Object.values(input) : undefined;
    if (list === undefined) return input;
    const out = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      out[i] = this.isSingleSchema ? visit(this.schema, list[i], parent, key, args) : this.normalizeValue(list[i], parent, key, args, visit);
    }
    return out;
  }

  override denormalize(input: any, args: readonly any[], unvisit: Unvisit): MemberOf<E>[] {
    if (this.isSingleSchema) return denormalizeArray(this.schema, input, unvisit);
    if (!Array.isArray(input)) return input;
    const out: any[] = [];
    for (let i = 0; i < input.length; i++) {
      const v = super.denormalize(input[i], args, unvisit);
      if (v !== undefined && v !== INVALID && v !== null) out.push(v);
    }
    return out;
  }

  override queryKey(_args: readonly any[], delegate: QueryDelegate): any {
    const s: any = this.schema;
    if (this.isSingleSchema && typeof s.key === 'string' && typeof s.pk === 'function') {
      const table = delegate.getEntities(s.key);
      return table === undefined ? undefined : livePks(table);
    }
    // A Union's member map, or our own: `{ id, schema }` for each member kind.
    return this.membersOf(this.isSingleSchema ? s.schema : s, delegate);
  }

  /** `{ id, schema }` of every live entity of each kind in `map`; the same array while no table changed. */
  private membersOf(map: Record<string, { key: string }>, delegate: QueryDelegate): unknown[] | undefined {
    const types = Object.keys(map);
    const tables = types.map((t) => delegate.getEntities(map[t]!.key));
    if (tables.every((t) => t === undefined)) return undefined;
    const last = this.last;
    if (last !== undefined && last.tables.length === tables.length && last.tables.every((t, i) => t === tables[i])) {
      return last.result;
    }
    const result: unknown[] = [];
    for (let i = 0; i < types.length; i++) {
      const table = tables[i];
      if (table === undefined) continue;
      for (const pk of livePks(table)) result.push({ id: pk, schema: types[i] });
    }
    this.last = { tables, result };
    return result;
  }

  /** Typing helper: undefined until something of this kind is stored. */
  declare _denormalizeNullable: () => (E extends EntityLikeClass | Union<any> ? DenormalizeNullable<E> : MemberOf<E>)[] | undefined;
}
