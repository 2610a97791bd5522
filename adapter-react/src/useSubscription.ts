import { useSyncExternalStore } from 'react';
import { PollingModes, type ArgsInput, type EndpointLike } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';

// Nothing is read, so the component never re-renders because of this hook.
const nothing = () => 0;

/**
 * Keeps an endpoint polled at its `pollFrequency` while the component is mounted,
 * without reading it (pair it with `useSuspense`/`useCache` of the same args). It
 * does not fetch on mount: the first poll comes one period later, as in every
 * adapter (core's `PollingModes.subscription`). One timer per key however many
 * components subscribe; `null` args stop it.
 *
 * @example
 * useSubscription(Ticker.get, { symbol });
 * const ticker = useSuspense(Ticker.get, { symbol });
 */
export function useSubscription<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): void {
  const observer = useObserver(PollingModes.subscription, endpoint, args, 'useSubscription');
  useSyncExternalStore(observer.subscribe, nothing, nothing);
}
