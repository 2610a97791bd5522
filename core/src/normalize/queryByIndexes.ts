// A read by a field an Entity lists in `static indexes` (a slug, a username): opt-in per
// Entity, so an app whose reads go by primary key does not ship the table scan.
import { Entity } from '../schema/Entity';
import { noPk } from '../schema/entityPlan';
import type { QueryDelegate } from '../schema/types';

/**
 * An Entity's `queryKey` that, when the args carry no primary key, finds the record by
 * the first field of `static indexes` they give (its table is scanned: no index table to
 * keep in step with GC, persistence and tabs). With a primary key it is Entity's lookup.
 *
 * @example
 * class User extends Entity {
 *   id = 0;
 *   username = '';
 *   static override key = 'User';
 *   static override indexes = ['username'] as const;
 *   static override queryKey = queryByIndexes;
 * }
 * controller.get(User, { username: 'bob' }, state); // the stored User whose username is 'bob'
 */
export function queryByIndexes(this: typeof Entity, args: readonly any[], delegate: QueryDelegate): any {
  const first = args[0];
  if (typeof first !== 'object' || first === null || !noPk(this.pk(first, undefined, undefined, args))) {
    return Entity.queryKey.call(this, args, delegate);
  }
  const field = this.indexes?.find((f) => first[f] !== undefined);
  if (field === undefined) return undefined;
  const table: any = delegate.getEntities(this.key);
  for (const pk in table) if (table[pk]?.[field] === first[field]) return pk;
  return undefined;
}
