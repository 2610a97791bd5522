import { PollingModes, type EndpointLike } from '@resto/core';
import { keepAlive, type Args, type ArgsInput } from './bind.svelte.js';
import { bindEndpoint } from './observe.js';

/**
 * Polls an endpoint at its `pollFrequency` while the component is mounted, without
 * fetching on mount. Returns nothing, as in every adapter: read the data with a
 * read hook (`useCache`, `useDLE`, `useSuspense`).
 *
 * @example
 * const todo = useSuspense(TodoResource.get, { id });
 * useSubscription(TodoResource.get.extend({ pollFrequency: 2000 }), { id });
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): void {
  keepAlive(bindEndpoint(PollingModes.subscription, endpoint, args, 'useSubscription'));
}
