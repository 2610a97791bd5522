// How a change (push, unshift, assign, remove, move) stores its members and updates every
// matching stored collection. Which collections match is Collection's rule.
import { INVALID } from './symbols';
import { noPk } from './entityPlan';
import type { Values } from './Values';
// Collection.ts imports this file too: Collection is only read while normalizing, long after both loaded.
import { Collection, type CreateCollectionFilter } from './Collection';
import type { MemberOf } from './Array';
import type { NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/** How new members join a stored collection: `(stored, incoming) => next`. */
export type CollectionMerge = (existing: any, incoming: any) => any;

type Mode = 'add' | 'remove' | 'move';
type Member<S> = S extends Values<infer M> ? MemberOf<M> : S extends { schema: infer M } ? MemberOf<M> : S extends readonly [infer M] ? MemberOf<M> : any;

/** Same member reference: a pk, or `{ id, schema }` for polymorphic members. */
function sameRef(a: any, b: any): boolean {
  if (a === b) return true;
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && a.id === b.id && a.schema === b.schema;
}

function indexOfRef(list: readonly any[], ref: any): number {
  if (typeof ref !== 'object') return list.indexOf(ref);
  for (let i = 0; i < list.length; i++) if (sameRef(list[i], ref)) return i;
  return -1;
}

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
  declare readonly mode: Mode;
  declare readonly merge: CollectionMerge;
  private declare readonly filter: CreateCollectionFilter | undefined;

  constructor(collection: Collection<any>, mode: Mode, merge: CollectionMerge, createCollectionFilter?: CreateCollectionFilter) {
    this.collection = collection;
    this.mode = mode;
    this.merge = merge;
    this.filter = createCollectionFilter;
  }

  /** Schema of the members (what the response holds). */
  get schema(): any {
    return this.collection.schema;
  }

  get key(): string {
    return this.collection.key;
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): any {
    const inner: any = this.collection.schema;
    // a Values collection takes one map of members; a list one member or a list of them
    const values = inner.keyed === true;
    const many = !values && Array.isArray(input);
    const items: any[] = many ? input : [input];
    if (this.mode === 'move') {
      // A move: each member leaves the stored collections it no longer fits and joins
      // those it now fits. An array moves each of its members by its own fields; a
      // Values collection finds the member by its value and adds it under its primary key.
      const params = args[0];
      const body = args[1];
      // What each member was before the change (read before visiting overwrites it).
      const moves = items.map((item) => {
        const entity: any = inner.inferSchema(item, parent, key);
        let id: unknown;
        let before: any;
        if (entity !== undefined && typeof entity.pk === 'function' && item && typeof item === 'object') {
          const processed = typeof entity.process === 'function' ? entity.process(item, parent, key, args) : item;
          id = entity.pk(processed, parent, key, args);
          if (noPk(id) && !many) id = entity.pk(params ?? {}, parent, key, args);
          if (!noPk(id)) before = delegate.getEntity(entity.key, `${id}`);
        }
        if (before === INVALID) before = undefined;
        return { item, id, before };
      });
      let refs: any[];
      let result: any;
      if (values) {
        const id = moves[0]!.id;
        // A Values collection holds members by key: the moved member goes under its pk.
        result = visit(inner, !noPk(id) ? { [`${id}`]: input } : input, parent, key, args);
        refs = [result];
      } else {
        refs = visit(inner, items, parent, key, args);
        result = many ? refs : refs[0];
      }
      moves.forEach(({ item, before }, i) => {
        const ref = refs[i];
        // remove by the stored values, add by the stored values merged with the change
        const after = { ...params, ...before, ...body, ...item };
        this.update(delegate, (stored, filterArgs) => {
          const fitsNew = this.collection.matches(filterArgs, after, undefined, undefined);
          if (values) {
            if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return stored;
            // Members are found by what they hold (a stored member may sit under any key).
            const moved = Object.values(ref);
            const inList = Object.values(stored).some((r) => indexOfRef(moved, r) !== -1);
            if (inList && !fitsNew) return Object.fromEntries(Object.entries(stored).filter(([, r]) => indexOfRef(moved, r) === -1));
            if (!inList && fitsNew) return this.merge(stored, ref);
            return stored;
          }
          if (!Array.isArray(stored)) return stored;
          const inList = indexOfRef(stored, ref) !== -1;
          if (inList && !fitsNew) return stored.filter((r) => !sameRef(r, ref));
          if (!inList && fitsNew) return this.merge(stored, [ref]);
          return stored;
        });
      });
      return result;
    }
    if (values) {
      const refs = visit(inner, input, parent, key, args);
      this.update(delegate, (stored, filterArgs) => {
        if (!this.accepts(filterArgs, args, undefined)) return stored;
        if (this.mode !== 'remove') return this.merge(stored, refs);
        // the stored map without the keys of `refs` (the same map when none is there)
        let next: Record<string, unknown> | undefined;
        for (const k in refs) if (k in stored) delete (next ??= { ...stored })[k];
        return next ?? stored;
      });
      return refs;
    }
    const refs: any[] = visit(inner, items, parent, key, args);
    this.update(delegate, (stored, filterArgs) => {
      if (!Array.isArray(stored)) return stored;
      let picked: any[] | undefined;
      for (let i = 0; i < refs.length; i++) {
        if (!this.accepts(filterArgs, args, items[i])) continue;
        const inList = indexOfRef(stored, refs[i]) !== -1;
        if (this.mode === 'remove' ? inList : !inList) (picked ??= []).push(refs[i]);
      }
      if (picked === undefined) return stored;
      if (this.mode === 'remove') return stored.filter((r) => indexOfRef(picked!, r) === -1);
      return this.merge(stored, picked);
    });
    return many ? refs : refs[0];
  }

  /** Whether a stored collection (by filter args) takes this change. */
  private accepts(filterArgs: Record<string, string>, args: readonly any[], item: any): boolean {
    const c = this.collection;
    const custom = this.filter ?? (c.createCollectionFilter !== Collection.prototype.createCollectionFilter ? c.createCollectionFilter : undefined);
    if (custom !== undefined) return custom.apply(c, args as any[])(filterArgs);
    return c.matches(filterArgs, args[0], args[1], item);
  }

  private update(delegate: NormalizeDelegate, next: (stored: any, filterArgs: Record<string, string>) => any): void {
    const c = this.collection;
    const table = delegate.getEntities(c.key);
    if (table === undefined) return;
    // for...in: a stored table may be layered (its older entries on its prototype)
    const pks: string[] = [];
    for (const pk in table) pks.push(pk);
    for (const pk of pks) {
      const stored = table[pk];
      if (stored === undefined || stored === INVALID) continue;
      const value = next(stored, c.filterArgs(pk));
      if (value !== stored) delegate.setEntity(c.key, pk, value);
    }
  }

  denormalize(input: any, args: readonly any[], unvisit: Unvisit): Member<S> | Member<S>[] {
    const inner: any = this.collection.schema;
    if (inner.keyed || Array.isArray(input)) return inner.denormalize(input, args, unvisit);
    return inner.denormalize([input], args, unvisit)[0];
  }

  queryKey(_args: readonly any[], _delegate: QueryDelegate): any {
    return undefined;
  }
}

