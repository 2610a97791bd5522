// The endpoints a list endpoint derives (push, unshift, assign, remove, move, paginated,
// getPage), made by one extender(); RestEndpoint keeps each one it reads. Finding its Collection is collectionSchema.ts's.
import { serializeArgs } from '../schema/serializeArgs';
import { push } from '../schema/collectionMerges';
import { findCollection, mapCollection } from './collectionSchema';
import { HAS_BODY } from './hasBody';

/** What the extenders need from a RestEndpoint instance. */
interface Extendable {
  name: string;
  schema: unknown;
  /** The path of `move` (the item's path), when the list endpoint declares it. */
  movePath?: string;
  paginationField?: string;
  /** A resource's optimistic responses, per member, when it has `optimistic` (copies of its getList carry it). */
  optimisticFor?: (member: string) => object | false;
  key(...args: readonly unknown[]): string;
  extend(options: Record<string, unknown>): any;
}

/**
 * An endpoint a list endpoint derives, named `<list>.<member>`. push, unshift, assign,
 * remove and move send one change: the method changes (PATCH for remove and move, POST
 * for the adds), the schema becomes one of the Collection's change schemas, and the call
 * takes a body (as if constructed with that method). getPage and `paginated(cursor)` are
 * GETs whose response is appended (without duplicates) to the list that the arguments,
 * minus the cursor, identify; getPage's cursor is the paginationField.
 */
export function extender(
  base: Extendable,
  member: 'push' | 'unshift' | 'assign' | 'remove' | 'move' | 'getPage' | 'paginated',
  cursor: string | ((...args: any[]) => readonly any[]) = base.paginationField!,
): any {
  let options: Record<PropertyKey, unknown>;
  if (member === 'getPage' || member === 'paginated') {
    // `paginated(field)` shorthand: drop `field` from the first argument.
    const removeCursor =
      typeof cursor === 'string'
        ? (params?: Record<string, unknown>, ...others: any[]): any[] => {
            const { [cursor]: _cursor, ...rest } = params ?? {};
            return [rest, ...others];
          }
        : cursor;
    options = {
      // With no Collection in the schema the page endpoint has no schema: it still
      // sends the request, only no stored list changes (as in the established library).
      // An add appends only members the list does not hold yet (a page boundary may shift
      // when items are created between two fetches): the push merge is all a page needs.
      schema: mapCollection(base.schema, (collection) =>
        collection.addWith(push, (...args: any[]) => {
          // The list a page belongs to is named by the arguments without the cursor.
          const target = collection.pk(undefined, undefined, '', removeCursor(...args));
          return (collectionKey) => serializeArgs(collectionKey) === target;
        }),
      ),
      ...(typeof cursor === 'string' && { paginationField: cursor }),
      // Where the list stands is kept on the list's key, not the page's.
      listKeyOf: (...args: any[]) => base.key(...removeCursor(...args)),
    };
  } else {
    options = {
      method: member.endsWith('move') ? 'PATCH' : 'POST',
      // The request sends and answers one item (or a list of them), not the list's
      // page shape: the schema is the Collection's change schema alone, wherever the
      // Collection sits in the list's schema (`{ results: todoList, cursor: '' }`).
      schema: findCollection(base.schema)?.[member],
      sideEffect: true,
      [HAS_BODY]: true,
      ...(member === 'move' && base.movePath && { path: base.movePath }),
      ...base.optimisticFor?.(member),
    };
  }
  return base.extend({ name: `${base.name}.${member}`, ...options });
}

/** Whether a schema holds a Collection. */
export { findCollection };
