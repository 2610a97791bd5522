import { createMutation, type EndpointArgs, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { fromSource } from './bind';
import { useController } from './context';

/**
 * What {@link useMutation} returns.
 *
 * @example
 * const rename: Mutation<typeof TodoResource.partialUpdate> = useMutation(TodoResource.partialUpdate);
 */
export interface Mutation<E extends EndpointLike> {
  /** The latest call has not settled yet. */
  readonly pending: Signal<boolean>;
  /** How the latest call failed (a 422's `status` and `body`); cleared by the next call and by `reset`. */
  readonly error: Signal<StatusError | undefined>;
  /** What the latest call resolved with. */
  readonly data: Signal<ResolveType<E> | undefined>;
  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. */
  reset(): void;
}

/**
 * A mutation's state for a form: the latest call's pending flag, error and result.
 *
 * @example
 * readonly rename = useMutation(TodoResource.partialUpdate);
 * // template: <button (click)="rename.mutate({ id: 1 }, { title: 'x' })" [disabled]="rename.pending()">Save</button>
 * //           @if (rename.error(); as e) { <p>{{ e.status }}</p> }
 */
export function useMutation<E extends EndpointLike>(endpoint: E): Mutation<E> {
  const store = createMutation(useController(), endpoint);
  const state = fromSource(store);
  return {
    pending: computed(() => state().pending),
    error: computed(() => state().error),
    data: computed(() => state().data as ResolveType<E> | undefined),
    mutate: store.mutate,
    reset: store.reset,
  };
}
