// The named read modes (ObserveModes) that make a hook of one name observe the same way
// in every adapter. What each option does is EndpointObserver's.
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
 * @example
 * const observer = client.observeWith(ObserveModes.subscription, ServerTime, []);
 * const stop = observer.subscribe(() => {}); // polled while subscribed
 */
export const ObserveModes = frozen({
  suspense: {},
  dle: {},
  fetch: {},
  cache: { fetch: false },
  error: { fetch: false },
  subscription: { fetch: false, poll: true },
  live: { poll: true },
} as const satisfies Record<string, ObserveOptions>);

/** The hook names of {@link ObserveModes}. */
export type ObserveMode = keyof typeof ObserveModes;

// Every adapter shares these objects: freezing keeps one from changing them for all.
function frozen<M extends Record<string, ObserveOptions>>(modes: M): M {
  for (const mode of Object.values(modes)) Object.freeze(mode);
  return Object.freeze(modes);
}
