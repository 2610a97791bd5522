import { useMemo, useSyncExternalStore } from 'react';
import { createMutation, type EndpointArgs, type EndpointLike, type MutationState, type ResolveType } from '@resto/core';
import { useController } from './useController';

/**
 * What {@link useMutation} returns: the latest call's state, the call, and reset. The same shape in every adapter.
 *
 * @example
 * const create: Mutation<typeof TodoResource.getList.push> = useMutation(TodoResource.getList.push);
 */
export interface Mutation<E extends EndpointLike> extends MutationState<ResolveType<E>> {
  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). Stable. */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. Stable. */
  reset(): void;
}

/**
 * The state of a mutation endpoint: `pending` while the latest call runs, its
 * `error` (a 422's `status`; its `body` when the endpoint has `fetchResponse: fetchWithErrorBody`) or its result in `data`, and
 * `reset`. `mutate` goes through the controller, so the response is stored as by
 * `ctrl.fetch`. Only the latest call decides; a failure is stored in `error` and
 * `mutate` resolves undefined, so `onClick={() => mutate(...)}` never leaves an
 * unhandled rejection. Nothing updates after unmount (the call itself finishes).
 *
 * @example
 * const { mutate, pending, error, data } = useMutation(TodoResource.getList.push);
 * <button disabled={pending} onClick={() => mutate({ title })}>Add</button>
 * {error && <p role="alert">{error.status === 422 ? JSON.stringify(error.body) : error.message}</p>}
 * {data && <p>Created {data.title}</p>}
 */
export function useMutation<E extends EndpointLike>(endpoint: E): Mutation<E> {
  const controller = useController();
  const store = useMemo(() => createMutation(controller, endpoint), [controller, endpoint]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(() => ({ ...state, mutate: store.mutate, reset: store.reset }), [state, store]);
}
