// Opt-in: a subscribed read's timer at its data's expiry. Without it a read finds out
// that its data expired when it next reads or is woken (as data-client's do); with it, a
// screen left alone flips `stale`, and `invalidIfStale` data is hidden and fetched again, on time.
import type { EndpointObserver } from './EndpointObserver';
import { scheduleRefresh } from './notifyQueue';
import { shouldFetchOnChange, type Decision, type ReadFacts } from './shouldFetch';

/**
 * What a read decides when its data expires while subscribed: only data that became
 * unusable (`invalidIfStale`) is fetched; stale data stays shown until a trigger.
 *
 * @example
 * shouldFetchOnExpiry({ ...facts, stale: true, unusable: false }); // 'skip'
 */
export function shouldFetchOnExpiry(f: ReadFacts): Decision {
  // The change rule, for a meta it already handled: only unusable data asks again.
  return shouldFetchOnChange({ ...f, handled: true, hasMeta: false });
}

/**
 * Pass it to `createClient({ expiryTimer })`: every subscribed read then arms a timer at
 * its data's `expiresAt`, which flips the snapshot's `stale` (and hides `invalidIfStale`
 * data, fetching it again) on a screen where nothing else happens. Expiry alone starts no
 * request for data that stays usable. Server mode arms none.
 *
 * The observer calls it on each of its fetch decisions, with its key's meta then; it
 * replaces the observer's previous timer (its last unsubscribe clears it).
 *
 * @example
 * import { createClient, expiryTimer } from '@resto/core';
 * const client = createClient({ expiryTimer });
 */
export function expiryTimer(observer: EndpointObserver, meta: unknown): void {
  clearTimeout(observer.timer);
  const { data, expiresAt } = observer.response!;
  const wait = expiresAt - Date.now();
  // Infinity never expires; NaN (a stored expiresAt no length made sane) never waits. setTimeout
  // overflows past 2^31-1 ms (24.8 days) and would fire at once: wait in steps (a timer that
  // fires early finds the data fresh, and the refresh arms the next one).
  if (data !== undefined && wait > 0 && expiresAt < Infinity && !observer.store.ssr)
    observer.timer = setTimeout(
      () =>
        // Refreshed in the store's batch: a store change in the same flush (an expireAll, an
        // invalidation) changed the meta, and is decided as a change.
        scheduleRefresh({
          dirty: true,
          refresh: () => {
            observer.dirty = true;
            observer.refresh(observer.store.getSnapshot().meta[observer.key!] === meta ? shouldFetchOnExpiry : shouldFetchOnChange);
          },
        }),
      Math.min(wait, 2_147_483_647),
    );
}

/** What `createClient({ expiryTimer })` takes: arms (or re-arms) a subscribed read's timer. */
export type ExpiryTimer = typeof expiryTimer;
