import { readAsync, type EndpointLike, type ObserveOptions, type ResolveType } from '@resto/core';
import { computed, onScopeDispose, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Shared by useSuspense and useLive: bind, wait until core's `read()` says ready or
 * error (rejecting with the error), then give a ref that follows later reads.
 * @internal
 */
export async function suspend<E extends EndpointLike>(
  options: ObserveOptions,
  endpoint: E,
  args: readonly unknown[],
  hook: string,
): Promise<ComputedRef<ResolveType<E>>> {
  // Everything that needs the component instance runs before the first await.
  const { observer, snapshot } = bindEndpoint(useClient(), options, endpoint, args, hook);
  let alive = true;
  onScopeDispose(() => (alive = false));
  let last: ResolveType<E> | undefined;
  const data = computed(() => {
    void snapshot.value; // re-read on every snapshot; core's read() decides what it shows
    const r = observer.value.read();
    // Rendering this after a later failure routes the error to onErrorCaptured.
    if (r.status === 'error') throw r.error;
    // Vue-specific: a resolved Suspense cannot suspend again, so while a new key loads
    // (pending) the ref keeps the last data.
    if (r.status === 'ready') last = r.data;
    return last as ResolveType<E>;
  });
  // Args may change while we wait: wait for the observer that is current afterwards.
  for (let obs = observer.value; ; obs = observer.value) {
    await readAsync(obs);
    if (obs === observer.value || !alive) break;
  }
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
  // ObserveModes.suspense is the default read (`{}`): naming it would bring the table of
  // every mode into an app that only suspends.
  return suspend({}, endpoint, args, 'useSuspense');
}
