// Collection: a stored list (or map) per set of filter args, the rule of which args match,
// its change schemas, and its member list for `[S]`. How a change updates stored lists is
// CollectionChange.ts's.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
import { denormalizeArray, normalizeArray, type MemberOf } from './Array';
import type { ArraySchema } from './ArraySchema';
import { CollectionChange, type CollectionMerge } from './CollectionChange';
import { assign as assignMerge, push as appendMerge, unshift as prependMerge } from './collectionMerges';
import { OneOf } from './OneOf';
import { serializeArgs } from './serializeArgs';
import { setHidden } from './ownEntry';
import { Entity } from './Entity';
import { KIND } from './symbols';
import type { EntityMeta, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';
import type { Values } from './Values';

/** Keys that are arguments but not filters (e.g. `orderBy`): strings, a RegExp or a predicate. */
export type NonFilterArgumentKeys = readonly string[] | RegExp | ((key: string) => boolean);

/** Decides, from a push's args, which stored collections (by their filter args) take the item. */
export type CreateCollectionFilter = (...args: any[]) => (collectionKey: Record<string, string>, item?: any) => boolean;

export interface CollectionOptions {
  /** Filter args from the endpoint args. Default: the first argument (URL params). */
  argsKey?: (...args: any[]) => Record<string, unknown> | undefined;
  /** For a collection nested in an entity: filter args from the parent entity. */
  nestKey?: (parent: any, key: string) => Record<string, unknown>;
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /** Which stored collections a created item joins; default compares filter args with args and the item. */
  createCollectionFilter?: CreateCollectionFilter;
  /** Table name in the store. Default `[Todo]` (`{Todo}` over Values), as data-client names it; `[users:User;groups:Group]` for members picked by a discriminator. */
  key?: string;
}

type Inner<S> = S extends Values<any> ? S : S extends ArraySchema<any> ? S : S extends readonly [infer M] ? ArraySchema<M> : never;
type CollectionData<S> = S extends Values<infer M> ? Record<string, MemberOf<M>> : S extends ArraySchema<infer M> ? MemberOf<M>[] : S extends readonly [infer M] ? MemberOf<M>[] : never;


/**
 * A stored, ordered list (or map, with Values) of members, one per set of filter
 * args. Stored like an entity: table `key`, primary key = the serialized args.
 * Its `push`, `unshift`, `assign`, `remove`, `move` and `addWith` schemas update
 * every stored collection whose filter args match.
 *
 * @example
 * const todoList = new Collection([Todo], { nonFilterArgumentKeys: ['orderBy'] });
 * const create = new RestEndpoint({ path: '/todos', method: 'POST', schema: todoList.push });
 *
 * // new items first for every list
 * class NewestFirst<S extends any[]> extends Collection<S> {
 *   constructor(schema: S, options?: CollectionOptions) {
 *     super(schema, options);
 *     this.push = this.addWith(unshift);
 *   }
 * }
 */
export class Collection<S extends readonly [any] | any[] | Values<any> | ArraySchema<any> = any, _Args extends any[] = any[], _Parent = any> {
  /** The member container: an ArraySchema or a Values. */
  // set by the constructor: declared, so no class-field definitions ship
  declare readonly schema: Inner<S>;
  declare readonly key: string;
  declare readonly argsKey: ((...args: any[]) => Record<string, unknown> | undefined) | undefined;
  declare readonly nestKey: ((parent: any, key: string) => Record<string, unknown>) | undefined;
  /** @internal Which schema class this is (see symbols.ts). */
  get [KIND](): string {
    return 'Collection';
  }

  constructor(schema: S, options: CollectionOptions = {}) {
    const inner: any =
      (schema as { keyed?: boolean } | undefined)?.keyed || (schema as any)?.[KIND] === 'Array'
        ? schema
        : Array.isArray(schema)
          ? new ListOf(schema[0])
          : undefined;
    if (!inner) throw new TypeError('Collection' + (DEV ? ' needs [Schema], schema.Array or Values' : errorCode(11)));
    this.schema = inner;
    // (every member container is a OneOf)
    const name: string = inner.membersName();
    this.key = options.key ?? (inner.keyed ? `{${name}}` : `[${name}]`);
    this.argsKey = options.argsKey;
    this.nestKey = options.nestKey;
    const nfk = options.nonFilterArgumentKeys;
    if (nfk) {
      // own property only when given, so subclasses may override the method (a list has no test())
      this.nonFilterArgumentKeys =
        typeof nfk === 'function' ? nfk : (k: string) => (nfk as RegExp).test?.(k) ?? (nfk as readonly string[]).includes(k);
    }
    if (options.createCollectionFilter) this.createCollectionFilter = options.createCollectionFilter;
  }

  /** True for an argument that must not filter (e.g. sort order). Default: none. */
  nonFilterArgumentKeys(_key: string): boolean {
    return false;
  }

  /**
   * Filter for a change made with these args (URL params, body): true for each stored
   * collection (by its filter args) that takes the member. Default: every filter arg
   * (but the non-filter ones) equals the value found first in the params, the body or the
   * member. The one membership rule: every change schema decides by it (a `move` passes
   * the member as it is after the change as the only arg).
   *
   * @example
   * todoList.createCollectionFilter({ userId: 1 })({ userId: '1' }) // true
   */
  createCollectionFilter(...args: any[]): (collectionKey: Record<string, string>, item?: any) => boolean {
    return (collectionKey, item) =>
      Object.keys(collectionKey).every((k) => {
        let v;
        // the first of them that has it (null included)
        for (const from of [args[0], args[1], item]) if (v === undefined) v = from?.[k];
        const want = collectionKey[k];
        // a string filter arg (a top-level one) equals the value as a string
        return this.nonFilterArgumentKeys(k) || (v !== undefined && JSON.stringify(typeof want === 'string' ? `${v}` : v) === JSON.stringify(want));
      });
  }

  /** Filter args of a stored collection, from its primary key. */
  filterArgs(pk: string): Record<string, string> {
    try {
      return JSON.parse(pk);
    } catch {
      // a pk from a subclass's own pk()
      return {};
    }
  }

  /**
   * Primary key: serialized filter args, from `nestKey(parent, key)` when nested
   * under a field, else from the args (so a collection with both is one list at
   * both places).
   *
   * @example
   * todoList.pk(undefined, undefined, '', [{ userId: 1 }]) // '{"userId":"1"}'
   */
  pk(_value: any, parent?: any, key?: any, args: readonly any[] = []): string {
    return serializeArgs(this.nestKey && key ? this.nestKey(parent, key) : this.argsKey ? this.argsKey(...args) : args[0]);
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): string {
    const normalized = visit(this.schema, input, parent, key, args);
    const pk = this.pk(input, parent, key, args);
    delegate.mergeEntity(this as any, pk, normalized);
    return pk;
  }

  denormalize(input: any, args: readonly any[], unvisit: Unvisit): CollectionData<S> {
    return (this.schema as any).denormalize(input, args, unvisit);
  }

  /** The stored collection for these args, when there is one. */
  queryKey(args: readonly any[], delegate: QueryDelegate): any {
    const pk = this.pk(undefined, undefined, '', args);
    return delegate.getEntity(this.key, pk) === undefined ? undefined : pk;
  }

  /** A fetched list replaces the stored one. */
  merge(_existing: any, incoming: any): any {
    return incoming;
  }

  /** A list fetched before the stored one was fetched never replaces it (whatever `merge` does). */
  mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): any {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? existing : this.merge(existing, incoming);
  }

  /**
   * A `move` whose additions use `merge` (e.g. prepend).
   *
   * @example
   * get move() { return this.moveWith((existing, incoming) => [...incoming, ...existing]); }
   */
  moveWith(merge: CollectionMerge): CollectionChange<S> {
    return new CollectionChange(this, 'move', merge);
  }

  /**
   * A schema adding members with a custom merge, to collections chosen by
   * `createCollectionFilter` (default: the collection's own filter matching).
   *
   * @example
   * const nextPage = todoList.addWith((existing, page) => [...existing, ...page.filter((p) => !existing.includes(p))]);
   */
  addWith(merge: CollectionMerge, createCollectionFilter?: CreateCollectionFilter): CollectionChange<S> {
    return new CollectionChange(this, 'add', merge, createCollectionFilter);
  }
}

/**
 * The change schemas, each made on its first read and kept. Assigning one (a subclass's
 * `this.push = this.addWith(unshift)`) makes it an own member; a subclass may also
 * override the accessor (`get move() { return this.moveWith(unshift); }`).
 */
export interface Collection<S extends readonly [any] | any[] | Values<any> | ArraySchema<any> = any, _Args extends any[] = any[], _Parent = any> {
  /** Schema adding created members at the end of every matching collection. */
  push: CollectionChange<S>;
  /** Schema adding created members at the start of every matching collection. */
  unshift: CollectionChange<S>;
  /** Schema merging a map of members into every matching Values collection. */
  assign: CollectionChange<S>;
  /** Schema removing members from matching collections (and storing the response). */
  remove: CollectionChange<S>;
  /** Schema moving a member: out of collections it no longer matches, into those it now matches. */
  move: CollectionChange<S>;
  /** Entity's: true when `incoming` was fetched before what is stored. */
  shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): boolean;
  /** Entity's: the later fetch's meta. */
  mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta;
}

// Which fetch is newer, and whose meta is kept, are Entity's own rules (one copy of each).
for (const name of ['shouldReorder', 'mergeMetaWithStore'] as const) setHidden(Collection.prototype, name, Entity[name]);

/**
 * The change schemas a collection made, by name: an own symbol-keyed member (cheaper
 * than a WeakMap by collection; for...in, Object.keys and JSON skip it, `Reflect.ownKeys`
 * and a spread see it).
 */
const MADE = Symbol(DEV ? 'resto.collectionChanges' : '');

// One accessor per change schema, on the prototype: [name (its mode), merge]. A move adds by
// key to a Values collection, else at the end.
for (const [name, merge] of [
  ['push', appendMerge],
  ['unshift', prependMerge],
  ['assign', assignMerge],
  ['remove', appendMerge],
  ['move'],
] as const) {
  Object.defineProperty(Collection.prototype, name, {
    // Made on the first read and kept aside (not as an own member, which would hide a
    // subclass's getter that reads `super.push`); `move` goes through `moveWith`, so a
    // subclass overriding that changes the default move too.
    get(this: Collection) {
      return (((this as any)[MADE] ??= {} as Record<string, CollectionChange>)[name] ??= merge
        ? new CollectionChange(this, name, merge)
        : this.moveWith((this.schema as { keyed?: boolean }).keyed ? assignMerge : appendMerge));
    },
    set(value: unknown) {
      setHidden(this, name, value);
    },
    configurable: true,
  });
}

/**
 * The member list of a Collection given `[S]`: a schema.Array over one schema (marked
 * 'Array', so `instanceof schema.Array` and the checks for a list hold), without the
 * discriminator handling that only a schema.Array built by the app needs.
 */
class ListOf extends OneOf {
  /** @internal Which schema class this is (see symbols.ts). */
  get [KIND](): string {
    return 'Array';
  }

  // the parameters schema.Array's have (so each method's length is the same)
  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any[] {
    return normalizeArray(this.schema, input, parent, key, args, visit, this.name);
  }

  override denormalize(input: any, _args: readonly any[], unvisit: Unvisit): any[] {
    return denormalizeArray(this.schema, input, unvisit);
  }
}
// Named as the class it stands for, so OneOf's `name` reads `ArraySchema(Todo)` (set here,
// not by the class's own name, which minifiers rename).
setHidden(ListOf, 'name', 'ArraySchema');
