// How a change (push, unshift, assign, remove, move) stores its members and updates every
// matching stored collection. Which collections match is Collection's rule.
import { KIND } from './symbols';
import { noPk } from './entityPlan';
import type { Values } from './Values';
import type { Collection, CreateCollectionFilter } from './Collection';
import { indexOfRef, type MemberOf } from './Array';
import type { NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/** How new members join a stored collection: `(stored, incoming) => next`. */
export type CollectionMerge = (existing: any, incoming: any) => any;

/** The change's name: a stock one, or 'add' (`addWith`). Every one but remove and move adds. */
type Mode = 'push' | 'unshift' | 'assign' | 'add' | 'remove' | 'move';
type Member<S> = S extends Values<infer M> ? MemberOf<M> : S extends { schema: infer M } ? MemberOf<M> : S extends readonly [infer M] ? MemberOf<M> : any;

/**
 * A change to stored collections (push, unshift, assign, remove, move, addWith):
 * the endpoint's response is stored as members, then every stored collection of
 * the same kind whose filter args match is updated. Reads back as the members.
 *
 * @example
 * const create = new RestEndpoint({ path: '/todos', method: 'POST', schema: todoList.push });
 */
export class CollectionChange<S = any> {
  // set by the constructor: declared, so no class-field definitions ship
  declare readonly collection: Collection<any>;
  /** Schema of the members (what the response holds): the collection's. */
  declare readonly schema: any;
  /** The collection's table. */
  declare readonly key: string;
  declare readonly mode: Mode;
  declare readonly merge: CollectionMerge;
  private declare readonly filter: CreateCollectionFilter | undefined;

  /** @internal Which schema class this is (see symbols.ts). */
  get [KIND](): string {
    return 'CollectionChange';
  }

  constructor(collection: Collection<any>, mode: Mode, merge: CollectionMerge, createCollectionFilter?: CreateCollectionFilter) {
    Object.assign(this, { collection, schema: collection.schema, key: collection.key, mode, merge, filter: createCollectionFilter });
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): any {
    const c = this.collection;
    const inner: any = this.schema;
    // a Values collection takes one map of members; a list one member or a list of them
    const values: boolean | undefined = inner.keyed;
    const many = !values && Array.isArray(input);
    const items: any[] = many ? input : [input];
    const move = this.mode === 'move';
    let id: unknown;
    // What each member is judged by: for a move, what it holds after the change (the stored
    // record, read before visiting overwrites it, under the change's params, body and item);
    // else the item itself (none for a Values map).
    const judged = move
      ? items.map((item) => {
          const entity: any = inner.inferSchema(item, parent, key);
          let before: any;
          if (typeof entity?.pk === 'function' && item && typeof item === 'object') {
            id = entity.pk(entity.process?.(item, parent, key, args) ?? item, parent, key, args);
            if (noPk(id) && !many) id = entity.pk(args[0] ?? {}, parent, key, args);
            if (!noPk(id)) before = delegate.getEntity(entity.key, `${id}`);
          }
          // a deleted record (INVALID, a symbol) spreads as nothing
          return { ...args[0], ...before, ...args[1], ...item };
        })
      : values
        ? []
        : items;
    // A Values collection holds members by key: a moved member goes under its pk.
    const refs = visit(inner, values ? (move && !noPk(id) ? { [`${id}`]: input } : input) : items, parent, key, args);
    // The collection's one membership rule (an addWith's own, or its createCollectionFilter),
    // made once per change: a move judges each member by what it holds after the change (the
    // only arg, and the item: a filter written for pushes reads that).
    const make = this.filter ?? c.createCollectionFilter;
    const filters = move ? judged.map((a) => make.call(c, a)) : [make.apply(c, args as any[])];
    // Every stored collection of this kind (none stored: no table, nothing to update). for...in:
    // a stored table may be layered (its older entries on its prototype); listed before writing.
    const table: any = delegate.getEntities(c.key);
    const pks: string[] = [];
    for (const pk in table) pks.push(pk);
    for (const pk of pks) {
      const stored = table[pk];
      const filterArgs = c.filterArgs(pk);
      // Whether member i belongs in this stored collection (undefined: left as is).
      const fits = (i: number): boolean | undefined => {
        const ok = filters[move ? i : 0]!(filterArgs, judged[i]);
        return move ? ok : ok ? this.mode !== 'remove' : undefined;
      };
      let next = stored;
      // a Values collection updates its stored map itself (so apps without Values do not bundle
      // it); a deleted collection (INVALID) is neither a map nor a list, and stays as it is
      if (values) next = inner.applyChange(stored, refs, fits(0), this);
      else if (Array.isArray(stored)) {
        // members to take out and to add: each by whether it belongs and whether it is there
        let out: any[] | undefined;
        let add: any[] | undefined;
        for (let i = 0; i < refs.length; i++) {
          const want = fits(i);
          if (want !== undefined && want !== (indexOfRef(stored, refs[i]) !== -1)) (want ? (add ??= []) : (out ??= [])).push(refs[i]);
        }
        next = out ? stored.filter((r) => indexOfRef(out!, r) === -1) : stored;
        if (add) next = this.merge(next, add);
      }
      if (next !== stored) delegate.setEntity(c.key, pk, next);
    }
    return values || many ? refs : refs[0];
  }

  denormalize(input: any, args: readonly any[], unvisit: Unvisit): Member<S> | Member<S>[] {
    const inner: any = this.schema;
    if (inner.keyed || Array.isArray(input)) return inner.denormalize(input, args, unvisit);
    return inner.denormalize([input], args, unvisit)[0];
  }

  queryKey(args: readonly any[], delegate: QueryDelegate): any;
  // (overloads: the parameters it ignores are not shipped)
  queryKey(): any {
    return undefined;
  }
}

