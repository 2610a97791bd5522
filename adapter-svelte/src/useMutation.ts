import { createMutation, type EndpointArgs, type EndpointLike, type MutationState, type ResolveType } from '@resto/core';
import { bind } from './bind.svelte.js';
import { useController } from './context.js';
import { readOf, type Read } from './observe.js';

/**
 * What `useMutation` returns, the same members as in React and Vue: the latest
 * call's `{ pending, error, data }` as a read (`.current` under runes, `$mutation`
 * as a store), where React gives values and Vue gives refs; then the call and reset.
 *
 * @example
 * const create: Mutation<typeof TodoResource.getList.push> = useMutation(TodoResource.getList.push);
 * create.current.pending; // $create.pending in a template
 */
export interface Mutation<E extends EndpointLike> extends Read<MutationState<ResolveType<E>>> {
  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. */
  reset(): void;
}

/**
 * The state of a mutation endpoint: `pending` while the latest call runs, its
 * `error` (a 422's `status` and `body` included) or its result in `data`, and
 * `reset`. `mutate` goes through the controller, so the response is stored as by
 * `ctrl.fetch`. Only the latest call decides (core's `createMutation`, the same in
 * every adapter); a failure is stored in `error` and `mutate` resolves undefined, so
 * `onclick={() => create.mutate(...)}` never leaves an unhandled rejection. Nothing
 * is read after the component is destroyed (the call itself finishes).
 *
 * @example
 * const create = useMutation(TodoResource.getList.push);
 * <button disabled={create.current.pending} onclick={() => create.mutate({ title })}>Add</button>
 * {#if create.current.error}<p role="alert">{create.current.error.message}</p>{/if}
 */
export function useMutation<E extends EndpointLike>(endpoint: E): Mutation<E> {
  const store = createMutation(useController(), endpoint);
  const read = readOf(bind(() => store, () => '', [], 'useMutation'), (s) => s.getSnapshot());
  return {
    get current() {
      return read.current;
    },
    subscribe: read.subscribe,
    mutate: store.mutate,
    reset: store.reset,
  };
}
