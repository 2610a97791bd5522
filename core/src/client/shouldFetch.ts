// A read's fetch decisions (mount, focus, reconnect, store change; expiry's is the opt-in
// expiryTimer's) as pure functions of facts its observer gathers. No state, no timers:
// EndpointObserver acts on them.
import type { RefetchOn } from '../endpoint';

/** What a read's fetch decisions look at, gathered by its observer at one moment. */
export interface ReadFacts {
  /** Nothing stored for it, or what is stored was invalidated. */
  readonly invalid: boolean;
  /** Nothing it can show: invalid, or `invalidIfStale` data past its expiry. */
  readonly unusable: boolean;
  /** Past its expiry. */
  readonly stale: boolean;
  /** The network is reachable. */
  readonly online: boolean;
  /** The stored meta is the one this read last answered or decided on (a change it already handled). */
  readonly handled: boolean;
  /** The key has meta (a stored result), not only entities found through a query. */
  readonly hasMeta: boolean;
  /** A stored error is still within its `errorExpiryLength`. */
  readonly recentError: boolean;
}

/** `'fetch'`; `'handled'`: nothing to do, and remember this meta as decided; `'skip'`: nothing to do. */
export type Decision = 'fetch' | 'handled' | 'skip';

/**
 * A trigger (mount, focus regained, network back) under its option: `true` fetches
 * stale, invalid or missing data, `'always'` even fresh data, `false` only, on mount,
 * a read with nothing to show. Offline, a read with something to show waits for the
 * reconnect; one with nothing goes ahead (the network layer holds it). `mount`: the
 * trigger is the first listener arriving (`refetchOnMount`); false for focus regained
 * (`refetchOnWindowFocus`) and network back (`refetchOnReconnect`), which decide alike.
 *
 * @example
 * shouldFetchOnTrigger({ ...facts, stale: true }, true, false); // 'fetch' (focus or reconnect)
 */
export function shouldFetchOnTrigger(f: ReadFacts, option: RefetchOn | undefined, mount: boolean): Decision {
  if (!f.unusable && (!f.online || option === false || (option !== 'always' && !f.stale))) return 'handled';
  if (f.unusable && option === false && !mount) return 'skip';
  // A read that just failed waits out its error before the next mount asks again.
  if (mount && f.recentError) return 'skip';
  return 'fetch';
}

/**
 * After a store change: fetch only when what is stored became invalid or stale and no
 * fetch of ours has answered that meta yet (invalidate, expireAll, reset), so a failing
 * or instantly-expiring endpoint never loops.
 *
 * @example
 * shouldFetchOnChange({ ...facts, invalid: true, unusable: true, handled: false }); // 'fetch'
 */
export function shouldFetchOnChange(f: ReadFacts): Decision {
  if (!f.invalid && !f.stale) return 'skip';
  if (!f.unusable && !f.online) return 'handled';
  // Undefined meta (data found through an entity) counts as handled only while there is something to show.
  return f.handled && (f.hasMeta || !f.unusable) ? 'skip' : 'fetch';
}
