import { ObserveModes, type EndpointLike, type StatusError } from '@resto/core';
import { createMemo, type Accessor } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * The error stored for an endpoint's args, without fetching. A soft error (e.g. a
 * 5xx while older data exists) is hidden, as everywhere else.
 *
 * @example
 * const error = useError(TodoResource.get, () => ({ id: props.id }));
 * return <Show when={error()}>{(e) => <p>Failed: {e().status}</p>}</Show>;
 */
export function useError<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Accessor<StatusError | undefined> {
  const { snapshot } = bindEndpoint(useClient(), ObserveModes.error, endpoint, args, 'useError');
  return createMemo(() => snapshot().error);
}
