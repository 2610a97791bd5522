import { ObserveModes, type EndpointLike, type StatusError } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * The error stored for an endpoint's args, without fetching. A soft error (e.g. a
 * 5xx while older data exists) is hidden, as everywhere else.
 *
 * @example
 * const error = useError(TodoResource.get, () => ({ id: props.id }));
 * // template: <p v-if="error">Failed: {{ error.status }}</p>
 */
export function useError<E extends EndpointLike>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): ComputedRef<StatusError | undefined> {
  const { snapshot } = bindEndpoint(useClient(), ObserveModes.error, endpoint, args, 'useError');
  return computed(() => snapshot.value.error);
}
