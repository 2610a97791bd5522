import { QueryObserver, type Denormalize } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindSource } from './bind';
import { injectClient } from './context';

const sameArgs = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Reads a schema (a Query, an Entity, a Collection) straight from the store,
 * never fetching. Args may be values, signals or getters.
 *
 * @example
 * const remaining = new Query(TodoResource.getList.schema, (todos) => todos.filter((t) => !t.completed).length);
 * readonly left = useQuery(remaining);
 * // template: {{ left() }} left
 */
export function useQuery<S>(schema: S, ...args: readonly unknown[]): Signal<Denormalize<S> | undefined> {
  const client = injectClient('useQuery');
  // No key to compare: a new observer (cheap, no fetch) whenever a resolved arg changes.
  const resolved = computed(() => args.map((a) => (typeof a === 'function' ? (a as () => unknown)() : a)), { equal: sameArgs });
  const { snapshot } = bindSource<unknown[], QueryObserver<Denormalize<S>>, Denormalize<S> | undefined>(resolved, (r) => new QueryObserver<Denormalize<S>>(client, schema, r));
  return snapshot;
}
