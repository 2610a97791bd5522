import { getCurrentScope, onScopeDispose, shallowRef, type ShallowRef } from 'vue';

/**
 * Wraps an async function (usually a mutation) with `loading` and `error` refs.
 * Calls made while one is running all count; the error is the last call's (the
 * wrapped function then resolves undefined).
 * Nothing is set after the scope ended.
 *
 * @example
 * const ctrl = useController();
 * const [save, saving, saveError] = useLoading((title: string) => ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 * // template: <button :disabled="saving" @click="save('new title')">Save</button>
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [wrapped: (...args: A) => Promise<R | undefined>, loading: Readonly<ShallowRef<boolean>>, error: Readonly<ShallowRef<Error | undefined>>] {
  const loading = shallowRef(false);
  const error = shallowRef<Error | undefined>();
  let running = 0;
  let alive = true;
  if (getCurrentScope()) onScopeDispose(() => (alive = false));
  // Like the established library: a failure is stored in `error`, not rethrown, so a
  // template handler (`@click="save"`) never leaves an unhandled rejection.
  const wrapped = async (...args: A): Promise<R | undefined> => {
    running++;
    loading.value = true;
    try {
      const result = await fn(...args);
      if (alive) error.value = undefined;
      return result;
    } catch (e) {
      if (alive) error.value = e as Error;
      return undefined;
    } finally {
      running--;
      if (alive) loading.value = running > 0;
    }
  };
  return [wrapped, loading, error];
}
