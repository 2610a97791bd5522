import type { Controller, Dispatch } from '../controller';
import type { FreshnessOptions } from '../endpoint';
import { FETCH, optimisticAction, RELEASE, RESET, type ActionTypes, type FetchAction } from '../state';
import { freshnessOption, waitUntil } from '../environment';
import type { Manager, Middleware } from './Manager';
import { OfflineError } from './OfflineError';
import { retryDelay, shouldRetry, sleep } from './retry';

interface InFlight {
  readonly waiters: FetchAction['meta'][];
  readonly owners: Set<object>;
  /** Someone outside any observer awaits it (controller.fetch): never abort. */
  pinned: boolean;
  aborted: boolean;
  readonly abort: AbortController;
  /** Failed tries so far (retries follow). */
  failures: number;
}

/** Error a read rejects with when it was aborted or the store was reset. */
function abortError(message: string): Error {
  const e = new Error(message);
  e.name = 'AbortError';
  return e;
}

/**
 * Runs fetches. Identical reads in flight share one request; a read that only
 * observers wanted is aborted when the last of them leaves; responses of fetches
 * started before a reset are dropped.
 *
 * Failed reads are retried (transport failures and 5xx; 3 times by default, with
 * exponential backoff and jitter; mutations only when asked), following the
 * `retry`/`retryDelay` of the endpoint, else of the client. While offline nothing
 * is sent: reads wait for the network; mutations reject with an {@link OfflineError},
 * or with `queueOfflineMutations` wait and are sent in order when it is back. It
 * reads all of that from `controller.environment`, so it needs no options.
 *
 * @example
 * const client = createClient({ managers: [new NetworkManager(), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly all = new Set<InFlight>();
  /** Mutations queued while offline (or behind those), replayed one after another. */
  private queued = 0;
  private queueTail: Promise<void> | undefined;

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => (action: ActionTypes) => {
    switch (action.type) {
      case FETCH:
        this.handleFetch(controller, action, next);
        return Promise.resolve();
      case RELEASE: {
        const entry = this.inFlight.get(action.key);
        if (entry) {
          entry.owners.delete(action.owner);
          if (entry.owners.size === 0 && !entry.pinned) this.abort(action.key, entry, 'Read aborted: nobody reads it anymore');
        }
        return Promise.resolve();
      }
      case RESET:
        for (const entry of [...this.all]) this.abort(undefined, entry, 'Aborted: the store was reset');
        return next(action);
      default:
        return next(action);
    }
  };

  /** Number of requests in flight (reads and mutations). */
  get pending(): number {
    return this.all.size;
  }

  cleanup(): void {
    for (const entry of [...this.all]) this.abort(undefined, entry, 'Aborted: the client was destroyed');
  }

  private abort(key: string | undefined, entry: InFlight, message: string) {
    entry.aborted = true;
    entry.abort.abort(abortError(message));
    if (key !== undefined && this.inFlight.get(key) === entry) this.inFlight.delete(key);
    else for (const [k, e] of this.inFlight) if (e === entry) this.inFlight.delete(k);
    this.all.delete(entry);
    for (const w of entry.waiters) w.reject(abortError(message));
  }

  private handleFetch(controller: Controller, action: FetchAction, next: Dispatch) {
    const { endpoint, key, args, meta } = action;
    const env = controller.environment;
    const read = !endpoint.sideEffect;
    if (read) {
      const existing = this.inFlight.get(key);
      if (existing) {
        existing.waiters.push(meta);
        if (meta.owner) existing.owners.add(meta.owner);
        else existing.pinned = true;
        // Told after the dispatch returns, as every later retry is: never inside the caller's fetch.
        if (existing.failures) {
          const failures = existing.failures;
          queueMicrotask(() => meta.onRetry?.(failures));
        }
        return;
      }
    }
    const offline = !env.online.value;
    // Mutations keep their order: behind queued ones, they queue too.
    const queue = !read && (offline || this.queued > 0);
    if (!read && offline && !freshnessOption(env, endpoint, 'queueOfflineMutations')) {
      meta.reject(new OfflineError(endpoint.name));
      return;
    }
    const entry: InFlight = {
      waiters: [meta],
      owners: new Set(meta.owner ? [meta.owner] : []),
      pinned: !meta.owner || !read,
      aborted: false,
      abort: new AbortController(),
      failures: 0,
    };
    if (read) this.inFlight.set(key, entry);
    this.all.add(entry);

    const { fetchedAt } = meta;
    if (endpoint.getOptimisticResponse && endpoint.sideEffect) void next(optimisticAction(endpoint, key, args, fetchedAt));
    const own = (endpoint as { signal?: AbortSignal }).signal;
    const signal = own ? AbortSignal.any([own, entry.abort.signal]) : entry.abort.signal;
    // `this` of the fetch gets our signal without cloning the endpoint.
    const target = Object.create(endpoint, { signal: { value: signal, enumerable: true } });
    const run = endpoint.fetch ?? endpoint;

    const settle = async (response: unknown, error: boolean) => {
      if (entry.aborted) return;
      this.all.delete(entry);
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      if (fetchedAt < controller.getState().lastReset) {
        for (const w of entry.waiters) w.reject(abortError('Aborted: the store was reset'));
        return;
      }
      try {
        await controller.resolve(endpoint, { args, response, fetchedAt, error });
      } finally {
        for (const w of entry.waiters) (error ? w.reject : w.resolve)(response);
      }
    };
    const before = queue ? this.queueTail : undefined;
    // Tries until an answer, a failure not worth retrying, or an abort. Offline, it
    // sends nothing and waits for the network; a failure while offline is not counted.
    const attempt = async () => {
      if (before) await before;
      for (;;) {
        if (!env.online.value) await waitUntil(env.online, entry.abort.signal);
        if (entry.aborted) return;
        let outcome: { response: unknown; error: boolean };
        try {
          outcome = { response: await run.apply(target, args as unknown[]), error: false };
        } catch (error) {
          outcome = { response: error, error: true };
        }
        if (entry.aborted) return;
        if (!outcome.error) return settle(outcome.response, false);
        // Offline, a read waits for the network; so does a mutation that may queue. Any other
        // mutation fails now: it may have reached the server, so it is never sent twice unasked.
        if (!env.online.value && (read || freshnessOption(env, endpoint, 'queueOfflineMutations'))) continue;
        entry.failures++;
        // A client's retry is for reads; a mutation retries only when its endpoint says so.
        const retryOption = read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry;
        const retry = !env.ssr && shouldRetry(retryOption, entry.failures, outcome.response, !read);
        if (!retry) return settle(outcome.response, true);
        for (const w of entry.waiters) w.onRetry?.(entry.failures);
        await sleep(retryDelay(freshnessOption(env, endpoint, 'retryDelay'), entry.failures, outcome.response), entry.abort.signal);
      }
    };
    const done = Promise.resolve().then(attempt);
    if (queue) {
      this.queued++;
      const tail = done.then(
        () => void this.queued--,
        () => void this.queued--,
      );
      this.queueTail = tail;
    }
  }
}
