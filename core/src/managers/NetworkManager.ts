import type { Controller, Dispatch } from '../controller';
import type { FreshnessOptions } from '../endpoint';
import { FETCH, optimisticAction, RELEASE, RESET, type ActionTypes, type FetchAction } from '../state';
import { freshnessOption, waitUntil } from '../environment';
import type { Manager, Middleware } from './Manager';
import { OfflineError } from './OfflineError';
import { AbortError } from '../rest/AbortError';
import { TimeoutError } from '../rest/TimeoutError';
import { isAbort, retryDelay, shouldRetry, sleep } from './retry';

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
    this.finish(entry, abortError(message));
  }

  /** Ends a request that stores nothing: its readers hear it ended, then its waiters reject. */
  private finish(entry: InFlight, error: Error) {
    for (const w of entry.waiters) w.settled?.();
    for (const w of entry.waiters) w.reject(error);
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
    // Fires on our abort or the caller's: what the waits between tries listen to.
    const stopped = own ? AbortSignal.any([own, entry.abort.signal]) : entry.abort.signal;
    const timeout = freshnessOption(env, endpoint, 'timeout');
    const run = endpoint.fetch ?? endpoint;

    const settle = (response: unknown, error: boolean) => {
      if (entry.aborted) return;
      this.all.delete(entry);
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      if (fetchedAt < controller.getState().lastReset) return this.finish(entry, abortError('Aborted: the store was reset'));
      // Stored first, then every reader is told the request ended, in the same step:
      // a reader that looks at the store from here on sees the outcome and no request.
      const stored = controller.resolve(endpoint, { args, response, fetchedAt, error });
      for (const w of entry.waiters) w.settled?.();
      return stored.finally(() => {
        for (const w of entry.waiters) (error ? w.reject : w.resolve)(response);
      });
    };
    const before = queue ? this.queueTail : undefined;
    // Tries until an answer, a failure not worth retrying, or an abort. Offline, it
    // sends nothing and waits for the network; a failure while offline is not counted.
    const attempt = async () => {
      if (before) await before;
      for (;;) {
        if (!env.online.value) await waitUntil(env.online, stopped);
        if (entry.aborted) return;
        if (own?.aborted) return settle(new AbortError(endpoint.name, undefined, own.reason), true);
        // Each try has its own timeout, and sees every abort through one signal.
        const limit = timeout ? new AbortController() : undefined;
        const signal = limit ? AbortSignal.any([stopped, limit.signal]) : stopped;
        // `this` of the fetch gets our signal without cloning the endpoint.
        const target = Object.create(endpoint, { signal: { value: signal, enumerable: true } });
        const timer = limit && setTimeout(() => limit.abort(), timeout);
        let outcome: { response: unknown; error: boolean };
        try {
          outcome = { response: await run.apply(target, args as unknown[]), error: false };
        } catch (error) {
          outcome = { response: error, error: true };
        } finally {
          clearTimeout(timer);
        }
        if (entry.aborted) return;
        if (!outcome.error) return settle(outcome.response, false);
        const url = (outcome.response as { url?: string } | undefined)?.url;
        if (limit?.signal.aborted) outcome.response = new TimeoutError(endpoint.name, url, timeout!);
        // The caller's abort is final: reported at once, never tried again.
        else if (own?.aborted || isAbort(outcome.response)) {
          const cause = outcome.response;
          return settle(cause instanceof AbortError ? cause : new AbortError(endpoint.name, url, cause), true);
        }
        // Offline, a read waits for the network; so does a mutation that may queue. Any other
        // mutation fails now: it may have reached the server, so it is never sent twice unasked.
        if (!env.online.value && (read || freshnessOption(env, endpoint, 'queueOfflineMutations'))) continue;
        entry.failures++;
        // A client's retry is for reads; a mutation retries only when its endpoint says so.
        const retryOption = read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry;
        const retry = !env.ssr && shouldRetry(retryOption, entry.failures, outcome.response, !read);
        if (!retry) return settle(outcome.response, true);
        for (const w of entry.waiters) w.onRetry?.(entry.failures);
        await sleep(retryDelay(freshnessOption(env, endpoint, 'retryDelay'), entry.failures, outcome.response), stopped);
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
