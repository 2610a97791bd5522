import { PollingModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { Signal } from '@angular/core';
import type { ReactiveArgs } from './bind';
import { suspenseRead, type Suspended } from './useSuspense';

/**
 * {@link useSuspense} that also keeps the data live: polls at the endpoint's
 * `pollFrequency` while the component lives.
 *
 * @example
 * readonly price = useLive(PriceResource.get, { symbol: 'BTC' });
 * // template: @let p = price(); @if (p.status === 'ready') { {{ p.data.value }} }
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Signal<Suspended<ResolveType<E>>> {
  return suspenseRead(PollingModes.live, endpoint, args, 'useLive');
}
