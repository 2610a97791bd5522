import { createMutation, type EndpointArgs, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import { createMemo, type Accessor } from 'solid-js';
import { bind } from './bind';
import { useController } from './context';

/**
 * What {@link useMutation} returns: accessors of the latest call's state, the call, and reset. The same fields in every adapter.
 *
 * @example
 * const { mutate, pending, error }: Mutation<typeof TodoResource.getList.push> = useMutation(TodoResource.getList.push);
 */
export interface Mutation<E extends EndpointLike> {
  /** The latest call has not settled yet. */
  readonly pending: Accessor<boolean>;
  /** How the latest call failed (a 422's `status` and `body`); cleared by the next call and by `reset`. */
  readonly error: Accessor<StatusError | undefined>;
  /** What the latest call resolved with. */
  readonly data: Accessor<ResolveType<E> | undefined>;
  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. */
  reset(): void;
}

/**
 * The state of a mutation endpoint as accessors: `pending` while the latest call
 * runs, its `error` (a 422's `status` and `body` included) or its result in `data`,
 * and `reset`. `mutate` goes through the controller, so the response is stored as
 * by `ctrl.fetch`. Only the latest call decides (core's `createMutation`); a failure
 * is stored in `error` and `mutate` resolves undefined, so a click handler never
 * leaves an unhandled rejection.
 *
 * @example
 * const { mutate, pending, error } = useMutation(TodoResource.getList.push);
 * return (
 *   <>
 *     <button disabled={pending()} onClick={() => mutate({ title: 'new' })}>Add</button>
 *     <Show when={error()}>{(e) => <p role="alert">{e().status}</p>}</Show>
 *   </>
 * );
 */
export function useMutation<E extends EndpointLike>(endpoint: E): Mutation<E> {
  const store = createMutation(useController(), endpoint);
  const { snapshot } = bind(() => store, () => '', [], 'useMutation');
  const pending = createMemo(() => snapshot().pending);
  const error = createMemo(() => snapshot().error);
  const data = createMemo(() => snapshot().data);
  return { pending, error, data, mutate: store.mutate, reset: store.reset };
}
