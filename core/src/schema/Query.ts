// Query: a derived read of another schema with an optional transform; never fetched.
import type { Denormalize, DenormalizeNullable, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/**
 * A derived read: what `schema` reads for the args (no fetch), optionally
 * transformed by `process`. Results are memoized like any other read.
 *
 * @example
 * const doneCount = new Query(new All(Todo), (todos) => todos.filter((t) => t.done).length);
 * memo.query(doneCount, [], state) // 3
 */
export class Query<S = any, R = Denormalize<S>> {
  readonly schema: S;
  readonly process: ((entries: Denormalize<S>, ...args: any[]) => R) | undefined;

  constructor(schema: S, process?: (entries: Denormalize<S>, ...args: any[]) => R) {
    this.schema = schema;
    this.process = process;
  }

  normalize(input: any, parent: any, key: any, args: readonly any[], visit: Visit, _d?: NormalizeDelegate): any {
    return visit(this.schema, input, parent, key, args);
  }

  denormalize(input: any, args: readonly any[], unvisit: Unvisit): R | undefined {
    const value = unvisit(this.schema, input);
    if (value === undefined || typeof value === 'symbol' || this.process === undefined) return value;
    return this.process(value, ...args);
  }

  queryKey(args: readonly any[], delegate: QueryDelegate): any {
    return delegate.queryKey(this.schema, args);
  }

  /** Typing helper: what a read may return before anything is stored. */
  declare _denormalizeNullable: () => (R extends Denormalize<S> ? DenormalizeNullable<S> : R) | undefined;
}
