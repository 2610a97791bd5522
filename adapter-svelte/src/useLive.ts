import { PollingModes, type EndpointLike, type ResolveType } from '@resto/core';
import { keepAlive, type Args, type ArgsInput } from './bind.svelte.js';
import { bindEndpoint } from './observe.js';
import { suspenseOf, type Suspense } from './useSuspense.js';

/**
 * `useSuspense` that also polls at the endpoint's `pollFrequency` while the
 * component is mounted (whether or not anything reads it); polling stops on destroy.
 *
 * @example
 * const price = useLive(PriceResource.get, { symbol: 'BTC' }); // pollFrequency: 5000
 * {#if price.current}{price.current.value}{/if}
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Suspense<ResolveType<E>> {
  const binding = bindEndpoint(PollingModes.live, endpoint, args, 'useLive');
  keepAlive(binding);
  return suspenseOf(binding);
}
