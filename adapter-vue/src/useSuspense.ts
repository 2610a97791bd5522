import type { EndpointLike, ObserveOptions, ResolveType } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Shared by useSuspense and useLive: bind, wait for usable data or an error, throw
 * the error, else give a ref that rethrows later errors during render.
 * @internal
 */
export async function suspend<E extends EndpointLike>(
  options: ObserveOptions,
  endpoint: E,
  args: readonly unknown[],
): Promise<ComputedRef<ResolveType<E>>> {
  // Everything that needs the component instance runs before the first await.
  const { observer, snapshot } = bindEndpoint(useClient(), options, endpoint, args);
  let last: ResolveType<E> | undefined;
  const data = computed(() => {
    const { data: value, error } = snapshot.value;
    // Rendering this after a later failure routes the error to onErrorCaptured.
    if (error && value === undefined) throw error;
    // A resolved Suspense cannot suspend again: while a new key loads, keep the last data.
    if (value !== undefined) last = value;
    return last as ResolveType<E>;
  });
  await observer.value.promise();
  const { error } = observer.value.getSnapshot();
  if (error && observer.value.getSnapshot().data === undefined) throw error;
  return data;
}

/**
 * Reads an endpoint for an async `setup()` under `<Suspense>`: resolves once the data
 * is usable (the Suspense fallback shows meanwhile) and rejects with the error when
 * the fetch fails, so `onErrorCaptured` or an error boundary handles it. The ref stays
 * live: later changes of the data (mutations, revalidation, new args) update it.
 * Call every other composable before awaiting it.
 *
 * @example
 * const TodoDetail = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   async setup(props) {
 *     const todo = await useSuspense(TodoResource.get, () => ({ id: props.id }));
 *     return () => h('h1', todo.value.title);
 *   },
 * });
 * // parent: h(Suspense, null, { default: () => h(TodoDetail, { id: 1 }), fallback: () => 'Loading…' })
 */
export function useSuspense<E extends EndpointLike>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): Promise<ComputedRef<ResolveType<E>>> {
  return suspend({}, endpoint, args);
}
