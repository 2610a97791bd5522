// The endpoints a list endpoint derives (push, unshift, assign, remove, move, paginated,
// getPage); RestEndpoint keeps each one it reads. Finding its Collection is collectionSchema.ts's.
import { serializeArgs } from '../schema/serializeArgs';
import { push } from '../schema/collectionMerges';
import { findCollection, mapCollection } from './collectionSchema';
import { HAS_BODY } from './hasBody';

/** What the extenders need from a RestEndpoint instance. */
interface Extendable {
  name: string;
  schema: unknown;
  /** The path of `move` (the item's path), when the list endpoint declares it. */
  movePath?: unknown;
  paginationField?: string;
  /** A resource's optimistic responses, per member, when it has `optimistic` (copies of its getList carry it). */
  optimisticFor?: (member: string) => object | false;
  key(...args: readonly unknown[]): string;
  extend(options: Record<string, unknown>): any;
}

/**
 * A mutation endpoint derived from a list endpoint: the method changes (PATCH for
 * remove and move, POST for the adds), the schema becomes one of the Collection's
 * change schemas, and the call takes a body (as if constructed with that method).
 */
export function collectionMutation(base: Extendable, member: 'push' | 'unshift' | 'assign' | 'remove' | 'move'): any {
  // The request sends and answers one item (or a list of them), not the list's
  // page shape: the schema is the Collection's change schema alone, wherever the
  // Collection sits in the list's schema (`{ results: todoList, cursor: '' }`).
  const schema = findCollection(base.schema)?.[member];
  const movePath = member === 'move' ? base.movePath : undefined;
  return base.extend({
    method: member.endsWith('move') ? 'PATCH' : 'POST',
    schema,
    name: `${base.name}.${member}`,
    sideEffect: true,
    [HAS_BODY]: true,
    ...(typeof movePath === 'string' && { path: movePath }),
    ...base.optimisticFor?.(member),
  });
}

/**
 * A GET endpoint whose response is appended (without duplicates) to the list
 * that the arguments, minus the cursor, identify.
 */
export function paginatedEndpoint(
  base: Extendable,
  cursor: string | ((...args: any[]) => readonly any[]),
  member = 'paginated',
): any {
  // `paginated(field)` shorthand: drop `field` from the first argument.
  const removeCursor =
    typeof cursor === 'string'
      ? (...args: any[]): any[] => {
          const { [cursor]: _cursor, ...rest } = (args[0] ?? {}) as Record<string, unknown>;
          return [rest, ...args.slice(1)];
        }
      : cursor;
  // With no Collection in the schema the page endpoint has no schema: it still
  // sends the request, only no stored list changes (as in the established library).
  // An add appends only members the list does not hold yet (a page boundary may shift
  // when items are created between two fetches): the push merge is all a page needs.
  const schema = mapCollection(base.schema, (collection) =>
    collection.addWith(push, (...args: any[]) => {
      // The list a page belongs to is named by the arguments without the cursor.
      const target = collection.pk(undefined, undefined, '', removeCursor(...args));
      return (collectionKey) => serializeArgs(collectionKey) === target;
    }),
  );
  return base.extend({
    schema,
    name: `${base.name}.${member}`,
    ...(typeof cursor === 'string' && { paginationField: cursor }),
    // Where the list stands is kept on the list's key, not the page's.
    listKeyOf: (...args: readonly unknown[]) => base.key(...removeCursor(...args)),
  });
}

/** `getPage`: `paginated(paginationField)` (only endpoints with a paginationField have it). */
export function getPageEndpoint(base: Extendable): any {
  return paginatedEndpoint(base, base.paginationField!, 'getPage');
}

/** Whether a schema holds a Collection. */
export { findCollection };
