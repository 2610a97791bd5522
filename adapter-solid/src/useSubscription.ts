import { PollingModes, type EndpointLike } from '@resto/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Keeps an endpoint polled at its `pollFrequency` while the component lives; gives
 * nothing back. Read the data with useSuspense, useDLE or useCache. `null` args
 * (or an accessor returning `null`) stop polling.
 *
 * @example
 * const Ticker = new RestEndpoint({ path: '/ticker/:symbol', pollFrequency: 2000 });
 * useSubscription(Ticker, () => (visible() ? { symbol: 'BTC' } : null));
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): void {
  bindEndpoint(useClient(), PollingModes.subscription, endpoint, args, 'useSubscription');
}
