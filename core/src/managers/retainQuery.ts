// Keeping what a live query shows: comes with the query API (QueryObserver), so an app
// that reads no query carries none of it.
import type { GCInterface } from '../controller';
import { GCPolicy } from './GCPolicy';

/**
 * Keeps every entity a derived read (Query, All, Entity by pk) shows until the returned
 * function is called: a GCPolicy's sweep walks the query's args over the store, as it
 * walks a retained result. Another collector is asked through its own `retainQuery`.
 * @internal
 *
 * @example
 * const release = retainQuery(controller.gc, Todo, [{ id: 1 }]);
 * release?.();
 */
export const retainQuery = (gc: GCInterface | undefined, schema: unknown, args: readonly unknown[]): (() => void) | undefined =>
  gc instanceof GCPolicy ? gc.hold(gc.entry(undefined, schema, args)) : gc?.retainQuery?.(schema, args);
