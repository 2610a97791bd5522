import { INVALID } from './symbols';
import { denormalizeArray } from './Array';
import { schemaName } from './Polymorphic';
import type { Denormalize, DenormalizeNullable, EntityLikeClass, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';
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
 * Every stored entity of a kind (or of each kind of a Union), as a list.
 * Undefined until at least one of them was stored.
 *
 * @example
 * const allTodos = new All(Todo);
 * memo.query(allTodos, [], state) // Todo[]
 */
export class All<E extends EntityLikeClass | Union<any> = EntityLikeClass> {
  readonly schema: E;
  private last: { tables: unknown[]; result: unknown[] } | undefined;

  constructor(schema: E) {
    this.schema = schema;
  }

  get key(): string {
    return `All(${schemaName(this.schema)})`;
  }

  /** Stores a list, or the values of an object keyed by id; anything else passes through. */
  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    const list = Array.isArray(input) ? input : typeof input === 'object' && input !== null ? Object.values(input) : undefined;
    if (list === undefined) return input;
    const out = new Array(list.length);
    for (let i = 0; i < list.length; i++) out[i] = visit(this.schema, list[i], parent, key, args);
    return out;
  }

  denormalize(input: any, _args: readonly any[], unvisit: Unvisit): Denormalize<E>[] {
    return denormalizeArray(this.schema, input, unvisit);
  }

  queryKey(_args: readonly any[], delegate: QueryDelegate): any {
    const s: any = this.schema;
    if (typeof s.key === 'string' && typeof s.pk === 'function') {
      const table = delegate.getEntities(s.key);
      return table === undefined ? undefined : livePks(table);
    }
    // a Union: `{ id, schema }` for each member kind, same array while no table changed
    const types = Object.keys(s.schema);
    const tables = types.map((t) => delegate.getEntities(s.schema[t].key));
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
  declare _denormalizeNullable: () => DenormalizeNullable<E>[] | undefined;
}
