import { ObserveModes, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * What {@link useDLE} returns: signals and a refetch.
 *
 * @example
 * const todo: DLE<Todo> = useDLE(TodoResource.get, { id: 1 });
 * todo.loading(); // true while the first fetch runs
 */
export interface DLE<T> {
  readonly data: Signal<T | undefined>;
  readonly loading: Signal<boolean>;
  readonly error: Signal<StatusError | undefined>;
  /** Failed tries of the running fetch while it retries (show "retrying…"); 0 otherwise. */
  readonly retryCount: Signal<number>;
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

/**
 * Data, Loading, Error: reads an endpoint without waiting. Fetches when the data is
 * missing or stale; args may be signals or getters (a new key is read and fetched when
 * they change); `null` switches the read off. Call it in an injection context.
 *
 * @example
 * class TodoDetail {
 *   readonly id = input.required<number>();
 *   readonly todo = useDLE(TodoResource.get, () => ({ id: this.id() }));
 * }
 * // template: @if (todo.loading()) {…} @else if (todo.error(); as e) {{{ e.status }}} @else {{{ todo.data()?.title }}}
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): DLE<ResolveType<E>> {
  const { observer, snapshot } = bindEndpoint(injectClient('useDLE'), ObserveModes.dle, endpoint, args, 'useDLE');
  return {
    data: computed(() => snapshot().data),
    loading: computed(() => snapshot().loading),
    error: computed(() => snapshot().error),
    retryCount: computed(() => snapshot().retryCount),
    refetch: () => observer().refetch(),
  };
}
