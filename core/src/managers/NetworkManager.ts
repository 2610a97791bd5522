// Runs the requests the FETCH actions carry: aborts, the optimistic dispatch, and storing
// the outcome, through the loop of tries below. The request itself (its promise, owners,
// tries) is its InFlight entry's; a try's timeout and whether to try again are the
// environment's hooks (TimeoutManager, RetryManager); offline refusal and queueing, the
// environment's `offline` hold's (OfflineManager), when there is one.
import { DEV } from '#dev';
import type { Controller, Dispatch } from '../controller';
import { errorCode } from '../dev/errorCode';
import { FETCH, optimisticAction, RELEASE, RESET, type ActionTypes, type FetchAction, type InFlight } from '../state';
import { refusal } from '../state/optimistic';
import type { Manager, Middleware } from './Manager';
import { advise, isAbort, tryOnce } from './retry';
import { AbortError } from '../rest/AbortError';
import type { FreshnessOptions } from '../endpoint';
import { freshnessOption, report } from '../environment';

/**
 * Error a request rejects with when we aborted it: why, in words in a development build, by
 * code (ERRORS.md: 19 nobody reads it, 20 a reset, 21 destroy()) in production.
 */
const abortError = (code: 19 | 20 | 21): Error =>
  Object.assign(new Error('Aborted' + (DEV ? [': nobody reads it anymore', ': the store was reset', ': the client was destroyed'] : [errorCode(19), errorCode(20), errorCode(21)])[code - 19]), { name: 'AbortError' });

/**
 * Runs fetches. Identical reads in flight share one request; a read that only
 * observers wanted is aborted when the last of them leaves; responses of fetches
 * started before a reset are dropped.
 *
 * With a {@link RetryManager}, failed reads are retried (transport failures and 5xx;
 * 3 times by default, with exponential backoff and jitter; mutations only when asked),
 * following the `retry`/`retryDelay` of the endpoint, else of the client. With an
 * {@link OfflineManager} (or a WindowEventsManager), nothing is sent while offline: reads
 * wait for the network; mutations reject with an OfflineError, or with
 * `queueOfflineMutations` wait and are sent in order when it is back. It reads all of that
 * from `controller.environment`, so it needs no options.
 *
 * @example
 * const client = createClient({ managers: [new NetworkManager(), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  /**
   * The requests it runs, each with the FETCH that started it (whose `resolve`/`reject`, as
   * managers wrapped them, its outcome is given to); a joined FETCH is answered through the
   * request's promise.
   */
  private readonly running = new Map<InFlight, FetchAction['meta']>();

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => (action: ActionTypes) => {
    switch (action.type) {
      case FETCH:
        this.#handleFetch(controller, action, next);
        break;
      case RELEASE: {
        const entry = controller.requests.get(action.key);
        if (entry?.release(action.owner)) this.#finish(entry, abortError(19));
        break;
      }
      case RESET:
        this.cleanup(20);
        return next(action);
      default:
        return next(action);
    }
    // FETCH and RELEASE stop here: they are this manager's to answer, not the reducer's.
    return Promise.resolve();
  };

  /** Number of requests in flight (reads and mutations). */
  get pending(): number {
    return this.running.size;
  }

  /** Aborts every request it runs: the client was destroyed (or, given 20, the store was reset). */
  cleanup(code: 20 | 21 = 21): void {
    for (const entry of [...this.running.keys()]) this.#finish(entry, abortError(code));
  }

  /**
   * Ends a request that stores nothing (aborted by us, or its outcome could not be stored):
   * its tries stop and the FETCH that started it rejects (which ends the entry, waking its
   * readers, and so rejects the joined ones), or the entry itself when its FETCH has not
   * reached us yet.
   */
  #finish(entry: InFlight, error: unknown) {
    entry.abort.abort(error);
    const started = this.running.get(entry) ?? entry;
    this.running.delete(entry);
    started.reject(error);
  }

  #handleFetch(controller: Controller, action: FetchAction, next: Dispatch) {
    const { endpoint, key, args, meta } = action;
    const { request } = meta;
    // It ended before its FETCH got here (aborted while a manager held it), or it is a read
    // that joined a running request (the controller deduplicated it): answered with its outcome.
    // What a manager's wrapped resolve/reject throws is reported, as for the FETCH that started it.
    if (request.done || this.running.has(request)) return void request.promise.then(meta.resolve, meta.reject).catch(report);
    const env = controller.environment;
    const hold = endpoint.sideEffect ? env.offline : undefined;
    const refusedOffline = hold?.refuse(endpoint);
    if (refusedOffline) return void meta.reject(refusedOffline);
    this.running.set(request, meta);

    const { fetchedAt } = meta;
    // Aborted by us (the last owner left, a reset, destroy()): the tries stop and report nothing.
    const ours = request.abort.signal;
    const settle = (response: unknown, error?: boolean) => {
      // Aborted by us, a reset among the reasons (RESET aborts every running request before
      // the reducer sees it): nothing is stored. Ended by another manager (a tab answering a
      // joined read from fresh data) is not aborted: the answer is still stored and the
      // request leaves `running`. Stored first, then the entry ends (its readers are woken),
      // in the same step: a reader that looks at the store from here on sees the outcome
      // and no request.
      if (ours.aborted) return;
      const stored = controller.resolve(endpoint, { args, response, fetchedAt, error });
      this.running.delete(request);
      request.end();
      return stored.finally(() => (error ? meta.reject : meta.resolve)(response));
    };
    // Applied at once (the store replays it, calling getOptimisticResponse): one that
    // refused itself fails the mutation before anything is sent, with what it threw
    // stored as the endpoint's error (state/optimistic.ts holds the policy).
    if (endpoint.getOptimisticResponse && endpoint.sideEffect) {
      const update = optimisticAction(endpoint, key, args, fetchedAt);
      void next(update);
      const refused = refusal(update);
      if (refused) return void settle(refused[0], true);
    }
    // The tries, until an answer, a failure the client's retryer (a RetryManager) does not
    // try again (any failure without one) or an abort. With an offline hold nothing is sent
    // offline and a failure while offline is not counted; with a TimeoutManager each try has
    // its own timeout. Each try sees the caller's signal and ours; our abort stores nothing.
    const run = async () => {
      const own = (endpoint as { signal?: AbortSignal }).signal;
      const stopped = own ? AbortSignal.any([own, ours]) : ours;
      const { offline, tryOnce: once = tryOnce, retryer } = env;
      // Once per endpoint: options nothing here honours.
      if (DEV && !env.ssr) {
        if (!env.tryOnce && freshnessOption(env, endpoint, 'timeout')) advise!(endpoint, 'timeout', 'TimeoutManager');
        if (!offline && endpoint.sideEffect && freshnessOption(env, endpoint, 'queueOfflineMutations')) advise!(endpoint, 'queueOfflineMutations', 'OfflineManager');
      }
      for (;;) {
        if (offline) await offline.wait(stopped);
        if (ours.aborted) return;
        let response: unknown;
        let error: true | undefined;
        try {
          // The caller aborted before this try: reported below as the abort it is.
          if (own?.aborted) throw new AbortError(endpoint.name, undefined, own.reason);
          response = await once(endpoint, args, stopped);
        } catch (thrown) {
          response = thrown;
          error = true;
        }
        if (ours.aborted) return;
        if (!error) return settle(response);
        // The caller's abort is final: reported at once, never tried again (our own timeout,
        // had it fired first, is still a timeout: the next turn reports the abort).
        if (isAbort(response) || (own?.aborted && (response as Error | undefined)?.name !== 'TimeoutError')) {
          return settle(response instanceof AbortError ? response : new AbortError(endpoint.name, (response as { url?: string } | undefined)?.url, response), true);
        }
        if (offline?.holds(endpoint)) continue;
        // The retryer counts the failure (and never retries in server mode).
        if (DEV && !retryer && !env.ssr && (endpoint.sideEffect ? (endpoint as FreshnessOptions).retry : freshnessOption(env, endpoint, 'retry'))) advise!(endpoint, 'retry', 'RetryManager');
        if (!retryer || !(await retryer(endpoint, request, response, stopped))) return settle(response, true);
      }
    };
    const send = () =>
      run()
        // A user callback threw while the request was tried (a `retry` function, say):
        // the request fails with what it threw, and its key is free for the next fetch.
        .catch((thrown: unknown) => (request.done ? report(thrown) : settle(thrown, true)))
        // Storing that failure threw too: the request ends without storing anything.
        .catch((thrown: unknown) => (ours.aborted || request.done ? report(thrown) : this.#finish(request, thrown)));
    // Started now, inside controller.fetch(), as data-client does: the endpoint is called
    // before fetch() returns (a mutation queued offline waits for the ones before it).
    void (hold ? hold.send(send) : send());
  }
}
