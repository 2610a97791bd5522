import { createMutation, type EndpointArgs, type EndpointLike, type StatusError, type ResolveType } from '@resto/core';
import { computed, getCurrentScope, onScopeDispose, shallowRef, type ComputedRef } from 'vue';
import { useController } from './context';

/**
 * What {@link useMutation} returns: readonly refs of the latest call's state, the call, and reset. The same shape in every adapter.
 *
 * @example
 * const { mutate, pending, error }: Mutation<typeof TodoResource.getList.push> = useMutation(TodoResource.getList.push);
 */
export interface Mutation<E extends EndpointLike> {
  /** The latest call has not settled yet. */
  readonly pending: ComputedRef<boolean>;
  /** How the latest call failed (a 422's `status` and `body`); cleared by the next call and by `reset`. */
  readonly error: ComputedRef<StatusError | undefined>;
  /** What the latest call resolved with. */
  readonly data: ComputedRef<ResolveType<E> | undefined>;
  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. */
  reset(): void;
}

/**
 * The state of a mutation endpoint as refs: `pending` while the latest call runs,
 * its `error` (a 422's `status` and `body` included) or its result in `data`, and
 * `reset`. `mutate` goes through the controller, so the response is stored as by
 * `ctrl.fetch`. Only the latest call decides (core's `createMutation`, the same in
 * every adapter); a failure is stored in `error` and `mutate` resolves undefined,
 * so `@click="mutate(...)"` never leaves an unhandled rejection. Nothing is set
 * after the scope ended (the call itself finishes).
 *
 * @example
 * const { mutate, pending, error, data } = useMutation(TodoResource.getList.push);
 * // template: <button :disabled="pending" @click="mutate({ title })">Add</button>
 * //           <p v-if="error" role="alert">{{ error.status === 422 ? error.body : error.message }}</p>
 * // (error.body: read when the endpoint has `fetchResponse: fetchWithErrorBody`)
 */
export function useMutation<E extends EndpointLike>(endpoint: E): Mutation<E> {
  const store = createMutation(useController(), endpoint);
  const state = shallowRef(store.getSnapshot());
  const stop = store.subscribe(() => (state.value = store.getSnapshot()));
  if (getCurrentScope()) onScopeDispose(stop);
  return {
    pending: computed(() => state.value.pending),
    error: computed(() => state.value.error),
    data: computed(() => state.value.data),
    mutate: store.mutate,
    reset: store.reset,
  };
}
