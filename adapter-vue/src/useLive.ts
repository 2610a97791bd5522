import { PollingModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { ComputedRef } from 'vue';
import type { ReactiveArgs } from './bind';
import { suspend } from './useSuspense';

/**
 * useSuspense plus polling: suspends until the data is usable, then keeps it fresh
 * at the endpoint's `pollFrequency` until the component unmounts.
 *
 * @example
 * const Price = defineComponent({
 *   async setup() {
 *     const price = await useLive(TickerResource.get, { symbol: 'BTC' });
 *     return () => h('span', price.value.value);
 *   },
 * });
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Promise<ComputedRef<ResolveType<E>>> {
  return suspend(PollingModes.live, endpoint, args, 'useLive');
}
