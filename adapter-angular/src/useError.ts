import { ObserveModes, type EndpointLike, type StatusError } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * The stored error of an endpoint's read, without fetching.
 *
 * @example
 * readonly error = useError(TodoResource.get, { id: 1 });
 * // template: @if (error(); as e) { <p>{{ e.status }}</p> }
 */
export function useError<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Signal<StatusError | undefined> {
  const { snapshot } = bindEndpoint(injectClient('useError'), ObserveModes.error, endpoint, args, 'useError');
  return computed(() => snapshot().error);
}
