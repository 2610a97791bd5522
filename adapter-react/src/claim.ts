import { useEffect, useState } from 'react';
import type { EndpointObserver } from '@resto/core';
import { revealWhenSettled } from './reveal';

/**
 * How long the claim of a suspended first mount on its request lasts unless a render
 * re-takes it. Its provider re-renders suspended reads more often than that
 * (reveal.ts's PROBE), so a read that is still wanted always re-takes it in time.
 */
export const CLAIM_LAPSE = 2500;

/** One component instance's hold on the request its suspended read waits on. Internal. */
export interface Claim {
  /** The observer this instance last suspended on. */
  held: EndpointObserver<any> | undefined;
  /** The instance committed: its state (this object) survives a suspended update. */
  mounted: boolean;
}

/**
 * A suspended read's claim on its request (core's `observer.promise()` takes it,
 * `observer.release()` lets go), kept per component instance. A mounted instance
 * lets go of it when it renders another key and when it unmounts. A first mount
 * that suspends keeps no state and React says nothing when it is abandoned: its
 * claim lapses unless a render re-takes it (its provider re-renders it meanwhile;
 * React 18 cannot, so there it never lapses). Internal.
 *
 * @example
 * const claim = useClaim();
 * return readSuspense(observer, claim); // throws the promise, or returns the data
 */
export function useClaim(): Claim {
  // A mutable object kept in state: once mounted, what a render records in it outlives
  // a render React discards (a suspended update).
  const [claim] = useState<Claim>(() => ({ held: undefined, mounted: false }));
  useEffect(() => {
    claim.mounted = true;
    return () => {
      claim.mounted = false;
      claim.held?.release();
      claim.held = undefined;
    };
  }, [claim]);
  return claim;
}

/**
 * Records what this render of `claim`'s instance reads: `observer`, suspended on
 * `promise` (claimed by then), or ready (no promise). The key it suspended on
 * before, if another, is let go of. Internal.
 *
 * @example
 * const r = observer.read();
 * settleClaim(claim, observer, r.status === 'pending' ? r.promise : undefined);
 */
export function settleClaim(claim: Claim, observer: EndpointObserver<any>, promise?: PromiseLike<unknown>): void {
  if (claim.held !== observer) claim.held?.release();
  claim.held = promise ? observer : undefined;
  // revealWhenSettled: the provider re-renders it until it settles, re-taking the claim.
  if (promise && revealWhenSettled(promise) && !claim.mounted) observer.release(CLAIM_LAPSE);
}
