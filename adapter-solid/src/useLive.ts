import { PollingModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { Accessor } from 'solid-js';
import type { ReactiveArgs } from './bind';
import { suspend } from './useSuspense';

/**
 * useSuspense plus polling: suspends until the data is usable, then keeps it fresh
 * at the endpoint's `pollFrequency` while the component lives.
 *
 * @example
 * function Price() {
 *   const price = useLive(TickerResource.get, { symbol: 'BTC' });
 *   return <span>{price()?.value}</span>;
 * }
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Accessor<ResolveType<E> | undefined> {
  return suspend(PollingModes.live, endpoint, args, 'useLive');
}
