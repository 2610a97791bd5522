import { PollingModes, type ArgsInput, type EndpointLike, type ResolveType } from '@resto/core';
import type { ArgsOf } from './types';
import { useSuspended } from './useSuspense';
import { useObserver } from './useObserver';

/**
 * `useSuspense` plus polling: suspends until data is usable, then keeps it fresh
 * at the endpoint's `pollFrequency` while mounted. Polling stops on unmount.
 *
 * @example
 * const ServerTime = new RestEndpoint({ path: '/time', pollFrequency: 1000 });
 * function Clock() {
 *   const { now } = useLive(ServerTime);
 *   return <time>{now}</time>;
 * }
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ArgsOf<E>): ResolveType<E>;
export function useLive<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): ResolveType<E> | undefined;
export function useLive<E extends EndpointLike>(endpoint: E, ...args: readonly unknown[]): ResolveType<E> | undefined {
  return useSuspended(useObserver(PollingModes.live, endpoint, args, 'useLive'));
}
