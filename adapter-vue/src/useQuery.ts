import { QueryObserver, type Denormalize } from '@resto/core';
import { computed, getCurrentScope, onScopeDispose, shallowRef, toValue, watch, type MaybeRefOrGetter, type ShallowRef } from 'vue';
import { isServerRender, outsideSetup } from './bind';
import { useClient } from './context';

/**
 * Reads a schema straight from the store, never fetching: an Entity by primary
 * key, `All(Entity)`, or a `Query` deriving a value. Args may be refs or getters;
 * `null` switches it off. Re-renders only when the result changes.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * const count = useQuery(remaining);
 * const todo = useQuery(Todo, () => ({ id: props.id }));
 */
export function useQuery<S>(schema: S, ...args: readonly MaybeRefOrGetter<unknown>[]): Readonly<ShallowRef<Denormalize<S> | undefined>> {
  type T = Denormalize<S>;
  const client = useClient();
  if (!getCurrentScope()) throw outsideSetup('useQuery');
  if (isServerRender(client)) {
    // No subscription (a server render never unmounts); read when the render reads it,
    // i.e. after the reads this component awaits have filled the store.
    const read = computed(() => new QueryObserver<T>(client, schema, args.map((a) => toValue(a))).getSnapshot());
    return read as unknown as Readonly<ShallowRef<T | undefined>>;
  }
  const value = shallowRef<T | undefined>();
  let stop: (() => void) | undefined;
  // No key to compare: a new observer whenever a resolved arg changes (cheap, no fetch).
  // Synchronous: the result reflects new args as soon as they change, before the next tick.
  watch(
    () => args.map((a) => toValue(a)),
    (resolved) => {
      stop?.();
      const obs = new QueryObserver<T>(client, schema, resolved);
      stop = obs.subscribe(() => {
        value.value = obs.getSnapshot();
      });
      value.value = obs.getSnapshot();
    },
    { immediate: true, flush: 'sync' },
  );
  onScopeDispose(() => stop?.());
  return value;
}
