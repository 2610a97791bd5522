// The named read modes (ObserveModes) that make a hook of one name observe the same way
// in every adapter. What each option does is EndpointObserver's.
import { polling } from '../managers/SubscriptionManager';
import type { ObserveOptions } from './EndpointObserver';

/**
 * How each hook reads, named once so that every adapter's hook of the same name
 * observes the same way:
 *
 * - `suspense`, `dle`, `fetch`: fetch when missing or stale.
 * - `cache`, `error`: read the store only, never fetch.
 * - `subscription`: poll at `pollFrequency`, no fetch on mount (the first poll comes
 *   one period later; a read of the same args fetches if it needs to).
 * - `live`: fetch when missing or stale, and poll.
 *
 * `subscription` and `live` poll through the client's SubscriptionManager (list one in
 * `managers`); {@link PollingModes} has the same two modes bringing their own polling,
 * which is what the adapters' `useSubscription` and `useLive` use.
 *
 * @example
 * const observer = client.observeWith(ObserveModes.subscription, ServerTime, []);
 * const stop = observer.subscribe(() => {}); // polled while subscribed
 */
export const ObserveModes = /* @__PURE__ */ frozen({
  suspense: {},
  dle: {},
  fetch: {},
  cache: { fetch: false },
  error: { fetch: false },
  subscription: { fetch: false, poll: true },
  live: { poll: true },
} as const satisfies Record<string, ObserveOptions>);

/**
 * The polling modes of {@link ObserveModes} carrying the polling itself: they poll on
 * any client, with or without a SubscriptionManager among its managers (one is
 * attached when the first read polls). Importing them is what brings polling into an
 * app; `useSubscription` and `useLive` use them.
 *
 * @example
 * const clock = client.observeWith(PollingModes.live, ServerTime, []);
 * const stop = clock.subscribe(render); // polled at ServerTime.pollFrequency until stop()
 */
export const PollingModes = /* @__PURE__ */ frozen({
  subscription: { fetch: false, poll: polling },
  live: { poll: polling },
} as const satisfies Record<string, ObserveOptions>);

/** The hook names of {@link ObserveModes}. */
export type ObserveMode = keyof typeof ObserveModes;

// Every adapter shares these objects: freezing keeps one from changing them for all.
function frozen<M extends Record<string, ObserveOptions>>(modes: M): M {
  for (const mode of Object.values(modes)) Object.freeze(mode);
  return Object.freeze(modes);
}
