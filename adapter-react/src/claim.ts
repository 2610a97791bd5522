import { useRef } from 'react';
import type { EndpointObserver } from '@resto/core';
import { revealWhenSettled } from './reveal';

/**
 * How often React retries a suspended read while it waits: the promise it is thrown
 * settles then at the latest. A retry re-takes the read's claim on its request.
 */
const PROBE = 1000;

/**
 * How long a suspended read's claim on its request lasts unless a render re-takes it:
 * longer than a PROBE plus React's retry throttle (300 ms), so a read React still
 * wants always re-takes it in time.
 */
export const CLAIM_LAPSE = 2500;

/**
 * One component instance's hold on the request its suspended read waits on: the
 * observer it last suspended on, and the timer of its lapse. Internal.
 */
interface Claim {
  observer?: EndpointObserver<any>;
  lapse?: ReturnType<typeof setTimeout>;
}

/**
 * A suspended read's claim on its request (core's `observer.promise()` takes it,
 * `observer.release()` lets go), kept per component instance with its lapse. A mounted instance
 * lets go of it when it renders another key. React says nothing when it abandons a
 * suspended render (a first mount that is unmounted, a transition taken back, an
 * unmount while suspended), so every suspended render leaves the claim lapsing
 * CLAIM_LAPSE later unless a render of the instance moves the lapse on; the promise React is thrown settles
 * every PROBE ms, so a render React still wants is retried, and re-takes it, in time.
 *
 * Records what this render reads: `observer`, suspended on `promise` (claimed by then),
 * or ready (no promise); the key it suspended on before, if another, is let go of.
 * Returns what to throw to React: a promise that settles with `promise` or after PROBE
 * ms, whichever is first. Internal.
 *
 * @example
 * const r = observer.read();
 * const wait = useClaim(observer, r.status === 'pending' ? r.promise : undefined);
 * if (wait) throw wait;
 */
export function useClaim(observer: EndpointObserver<any>, promise?: Promise<void>): Promise<void> | undefined {
  // A ref: once mounted, what a render records in it outlives a render React discards (a
  // suspended update). No cleanup: an unmount finds the claim lapsing already, or nothing held.
  const claim = useRef<Claim>({}).current;
  if (claim.observer !== observer) claim.observer?.release();
  claim.observer = promise && observer;
  if (!promise) return;
  // Every suspended render of the instance moves its lapse on; a read that settled has
  // nothing left to let go of (a server render waits for its answer: no timer outlives it).
  clearTimeout(claim.lapse);
  const lapse = (claim.lapse = setTimeout(() => observer.release(), CLAIM_LAPSE));
  // React retries a boundary whose thrown promise settled in a throttled lane (up to
  // 300 ms late): the provider re-renders this read at once when the data is in.
  revealWhenSettled(promise);
  return new Promise((resolve) => {
    const probe = setTimeout(resolve, PROBE);
    void promise.then(() => {
      clearTimeout(probe);
      clearTimeout(lapse);
      resolve();
    });
  });
}
