import { PollingModes, type EndpointLike } from '@resto/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * Polls an endpoint at its `pollFrequency` while the component lives, without
 * reading it (other reads show the data). `null` args stop it.
 *
 * @example
 * constructor() { useSubscription(PriceResource.get, () => (this.watching() ? { symbol: 'BTC' } : null)); }
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): void {
  bindEndpoint(injectClient('useSubscription'), PollingModes.subscription, endpoint, args, 'useSubscription');
}
