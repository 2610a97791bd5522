import { createLoading, type LoadingState } from '@resto/core';
import { getCurrentScope, onScopeDispose, shallowRef, type ShallowRef } from 'vue';

/**
 * Wraps an async function (usually a mutation) with `loading` and `error` refs.
 * Core's `createLoading` decides, the same in every adapter: only the latest call
 * drives `loading` and `error`, and a failure is stored in `error` (the wrapped
 * function then resolves undefined) rather than rethrown, so a template handler
 * (`@click="save"`) never leaves an unhandled rejection. Nothing is set after the
 * scope ended.
 *
 * @example
 * const ctrl = useController();
 * const [save, saving, saveError] = useLoading((title: string) => ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 * // template: <button :disabled="saving" @click="save('new title')">Save</button>
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [wrapped: (...args: A) => Promise<R | undefined>, loading: Readonly<ShallowRef<boolean>>, error: Readonly<ShallowRef<LoadingState['error']>>] {
  const tracker = createLoading(fn);
  const loading = shallowRef(false);
  const error = shallowRef<LoadingState['error']>();
  const stop = tracker.subscribe(() => {
    const state = tracker.getSnapshot();
    loading.value = state.loading;
    error.value = state.error;
  });
  if (getCurrentScope()) onScopeDispose(stop);
  return [tracker.run, loading, error];
}
