import { FETCH, type ActionTypes, type Manager } from '@resto/core';
import { nextMacrotask } from '@resto/core/mock';

/**
 * A manager that remembers the promise of every read dispatched, so `allSettled()`
 * can resolve with their outcomes as data-client's test helpers do. It goes first
 * in the chain: it sees the fetch before the mock and network managers answer it.
 * @internal
 */
export class SettledTracker implements Manager {
  private readonly inFlight = new Set<Promise<unknown>>();

  middleware: Manager['middleware'] = () => (next) => (action: ActionTypes) => {
    // Reads only, as data-client: a mutation's promise is its caller's to await.
    if (action.type !== FETCH || action.endpoint.sideEffect) return next(action);
    let resolve!: (v: unknown) => void;
    let reject!: (e: unknown) => void;
    const done = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may await it: a failed fetch must not count as an unhandled rejection.
    done.catch(() => {});
    this.inFlight.add(done);
    const forget = () => this.inFlight.delete(done);
    done.then(forget, forget);
    const meta = action.meta;
    return next({
      ...action,
      meta: {
        ...meta,
        resolve: (value: unknown) => {
          meta.resolve(value);
          resolve(value);
        },
        reject: (error: unknown) => {
          meta.reject(error);
          reject(error);
        },
      },
    });
  };

  /**
   * Waits until no read is in flight: those in flight now and those started
   * meanwhile (by the renders the first ones cause); resolves with their outcomes.
   */
  async allSettled(): Promise<PromiseSettledResult<unknown>[]> {
    const results: PromiseSettledResult<unknown>[] = [];
    const seen = new Set<Promise<unknown>>();
    for (;;) {
      const batch = [...this.inFlight].filter((p) => !seen.has(p));
      if (batch.length === 0) {
        // Let fetches dispatched by this tick's renders and effects reach the tracker.
        await nextMacrotask();
        if (![...this.inFlight].some((p) => !seen.has(p))) return results;
        continue;
      }
      for (const p of batch) seen.add(p);
      results.push(...(await Promise.allSettled(batch)));
    }
  }

  cleanup(): void {
    this.inFlight.clear();
  }
}
