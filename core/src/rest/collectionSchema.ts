// Finding and replacing the Collection inside an endpoint's schema.

/**
 * Finding and replacing the Collection inside an endpoint's schema. A schema
 * may be the Collection itself or hold it in an array or object shape
 * (e.g. `{ results: todoList, nextPage: '' }`, or the same in `new schema.Object(...)`).
 */

/** The part of a Collection the extenders use. */
export interface CollectionLike {
  readonly key: string;
  push: unknown;
  unshift: unknown;
  assign: unknown;
  remove: unknown;
  move: unknown;
  addWith(
    merge: (existing: any, incoming: any) => any,
    createCollectionFilter?: (...args: any[]) => (collectionKey: Record<string, string>) => boolean,
  ): unknown;
  pk(value: any, parent?: any, key?: any, args?: readonly any[]): string;
}

/**
 * The first Collection in a schema, or undefined. Schema objects are searched
 * through their own fields, as plain shapes are: `schema.Object` and `Query`
 * (a list endpoint whose schema filters its Collection still pushes to it).
 *
 * @example
 * findCollection({ results: todoList }) // todoList
 * findCollection(new Query(todoList, filter)) // todoList
 */
export function findCollection(schema: unknown): CollectionLike | undefined {
  // The same search as mapCollection's (the copy it makes is dropped).
  let found: CollectionLike | undefined;
  mapCollection(schema, (collection) => (found = collection));
  return found;
}

/**
 * A copy of `schema` with its Collection replaced by `change(collection)`;
 * schema objects (`schema.Object`, `Query`) are copied with their class.
 * Returns undefined when there is no Collection.
 *
 * @example
 * mapCollection({ results: todoList }, (c) => c.push) // { results: todoList.push }
 */
export function mapCollection(
  schema: unknown,
  change: (collection: CollectionLike) => unknown,
): unknown {
  // A Collection, duck-typed (only a Collection adds with a merge), so subclasses and
  // copies of the class from another bundle count.
  if (typeof (schema as CollectionLike | undefined)?.addWith === 'function') return change(schema as CollectionLike);
  if (schema && typeof schema === 'object') {
    for (const key of Object.keys(schema)) {
      const inner = mapCollection((schema as Record<string, unknown>)[key], change);
      if (inner !== undefined) {
        // An array schema is a list of its one member's schema (a longer one is a tuple of none).
        if (Array.isArray(schema)) return schema.length === 1 ? [inner] : undefined;
        return Object.assign(Object.create(Object.getPrototypeOf(schema)), schema, { [key]: inner });
      }
    }
  }
  return undefined;
}
