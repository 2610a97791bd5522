// Who waits on which request: dedupe of reads in flight, owners and aborts, the in-memory
// offline mutation queue, the optimistic dispatch, and storing the outcome. How each
// request is tried (timeout, retries, backoff) is retry.ts's.
import { DEV } from '#dev';
import type { Controller, Dispatch } from '../controller';
import { errorCode } from '../dev/errorCode';
import { FETCH, INVALIDATE, optimisticAction, RELEASE, RESET, type ActionTypes, type EndpointLike, type FetchAction } from '../state';
import { freshnessOption, report } from '../environment';
import type { Manager, Middleware } from './Manager';
import { OfflineError } from './OfflineError';
import { tryUntilSettled, type Tries } from './retry';

/** One request in flight: who waits on it, who owns it, and its tries. */
interface InFlight extends Tries {
  readonly key: string;
  readonly waiters: FetchAction['meta'][];
  readonly owners: Set<object>;
  /** Someone outside any observer awaits it (controller.fetch): never abort. */
  pinned: boolean;
}

// Why a request was aborted: in words in a development build, by code (ERRORS.md) in production.
const UNREAD = DEV ? 'Aborted: nobody reads it anymore' : 'Aborted' + errorCode(19);
const RESET_ABORT = DEV ? 'Aborted: the store was reset' : 'Aborted' + errorCode(20);
const DESTROYED = DEV ? 'Aborted: the client was destroyed' : 'Aborted' + errorCode(21);

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
 * With a {@link RetryManager}, failed reads are retried (transport failures and 5xx;
 * 3 times by default, with exponential backoff and jitter; mutations only when asked),
 * following the `retry`/`retryDelay` of the endpoint, else of the client. While offline nothing
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
  /** The last queued mutation's end (declared: set when one queues, no class-field definition ships). */
  declare private queueTail: Promise<void> | undefined;

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => (action: ActionTypes) => {
    switch (action.type) {
      case FETCH:
        this.handleFetch(controller, action, next);
        return Promise.resolve();
      case RELEASE: {
        const entry = this.inFlight.get(action.key);
        if (entry) {
          entry.owners.delete(action.owner);
          if (entry.owners.size === 0 && !entry.pinned) this.abort(entry, UNREAD);
        }
        return Promise.resolve();
      }
      case INVALIDATE:
        return next(this.inFlight.has(action.key) ? { ...action, inFlight: true } : action);
      case RESET:
        this.abortAll(RESET_ABORT);
        return next(action);
      default:
        return next(action);
    }
  };

  /** Number of requests in flight (reads and mutations). */
  get pending(): number {
    return this.all.size;
  }

  /** Number of reads in flight (what the test helpers' `allSettled()` waits for). */
  get reads(): number {
    return this.inFlight.size;
  }

  cleanup(): void {
    this.abortAll(DESTROYED);
  }

  private abortAll(message: string) {
    for (const entry of [...this.all]) this.abort(entry, message);
  }

  /** Takes a request that ended off the books: a new fetch of its key starts its own. */
  private forget(entry: InFlight) {
    this.all.delete(entry);
    if (this.inFlight.get(entry.key) === entry) this.inFlight.delete(entry.key);
  }

  private abort(entry: InFlight, message: string) {
    entry.aborted = true;
    entry.abort.abort(abortError(message));
    this.forget(entry);
    finish(entry, abortError(message));
  }

  private handleFetch(controller: Controller, action: FetchAction, next: Dispatch) {
    const { endpoint, key, args, meta } = action;
    const env = controller.environment;
    const read = !endpoint.sideEffect;
    if (read) {
      const existing = this.inFlight.get(key);
      // A read started before the key was invalidated answers for the data as it was:
      // a fetch after the invalidation starts its own request instead of joining it
      // (never invalidated: `<` undefined is false).
      if (existing && !(existing.waiters[0]!.fetchedAt < (controller.getState().meta[key]?.invalidatedAt as number))) {
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
      key,
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
    // Which reset this fetch started after: compared as is, not with fetchedAt, so a clock
    // set back after a reset (uniqueNow follows it) does not make new fetches look older.
    const resetAt = controller.getState().lastReset;
    // A getOptimisticResponse that throws (not snapshot.abort) fails the mutation
    // before anything is sent, with what it threw stored as the endpoint's error.
    let refused: { error: unknown } | undefined;
    if (endpoint.getOptimisticResponse && endpoint.sideEffect) {
      refused = optimisticRefusal(controller, endpoint, args, fetchedAt);
      if (!refused) void next(optimisticAction(endpoint, key, args, fetchedAt));
    }
    /** Its waiters were told it ended (stored, reset or failed): nothing more to tell them. */
    let told = false;
    const settle = (response: unknown, error: boolean) => {
      if (entry.aborted || told) return;
      this.forget(entry);
      // Stored first, then every reader is told the request ended, in the same step:
      // a reader that looks at the store from here on sees the outcome and no request.
      const stored = controller.getState().lastReset === resetAt ? controller.resolve(endpoint, { args, response, fetchedAt, error }) : undefined;
      told = true;
      if (!stored) return finish(entry, abortError(RESET_ABORT));
      for (const w of entry.waiters) w.settled?.();
      return stored.finally(() => {
        for (const w of entry.waiters) (error ? w.reject : w.resolve)(response);
      });
    };
    const before = queue ? this.queueTail : undefined;
    const attempt = async () => {
      if (before) await before;
      const outcome = await tryUntilSettled(env, endpoint, args, entry, () => {
        for (const w of entry.waiters) w.onRetry?.(entry.failures);
      });
      if (outcome) return settle(outcome.response, outcome.error);
    };
    if (refused) {
      void settle(refused.error, true);
      return;
    }
    // Started now, inside controller.fetch(), as data-client does: the endpoint is called before fetch() returns.
    const done = attempt()
      // A user callback threw while the request was tried (a `retry` function, say):
      // the request fails with what it threw, and its key is free for the next fetch.
      .catch((thrown: unknown) => (told ? report(thrown) : settle(thrown, true)))
      // Storing that failure threw too: the request ends without storing anything.
      .catch((thrown: unknown) => {
        if (entry.aborted || told) return report(thrown);
        told = true;
        this.forget(entry);
        finish(entry, thrown as Error);
      });
    if (queue) {
      this.queued++;
      const dequeue = () => void this.queued--;
      this.queueTail = done.then(dequeue, dequeue);
    }
  }
}

/** Ends a request that stores nothing: its readers hear it ended, then its waiters reject. */
function finish(entry: InFlight, error: Error) {
  for (const w of entry.waiters) w.settled?.();
  for (const w of entry.waiters) w.reject(error);
}

/** What a throwing getOptimisticResponse threw, or undefined (it returned, or threw snapshot.abort). */
function optimisticRefusal(controller: Controller, endpoint: EndpointLike, args: readonly unknown[], fetchedAt: number): { error: unknown } | undefined {
  const snapshot = controller.snapshot(controller.getState(), fetchedAt);
  try {
    endpoint.getOptimisticResponse!.call(endpoint, snapshot, ...args);
    return undefined;
  } catch (error) {
    return error === snapshot.abort ? undefined : { error };
  }
}
