// Opt-in retries: what is worth another try (transport failures, 5xx), how many
// (the `retry` option, 3 for reads by default), and the backoff between tries. The
// loop of tries is NetworkManager.ts's; this manager gives it the decision.
import isNetworkError from 'is-network-error';
import type { Controller, Dispatch } from '../controller';
import type { FreshnessOptions, RetryDelayOption, RetryOption, StatusError } from '../endpoint';
import { freshnessOption } from '../environment';
import { SchemaError } from '../schema';
import type { Manager, Middleware } from './Manager';
import { isAbort, MAX_DELAY } from './retry';
import { TimeoutError } from '../rest/TimeoutError';

/**
 * Whether trying again could help: a transport failure (a fetch that never got an
 * answer, a body cut off) or a 5xx. Never a 4xx, an abort, a schema mismatch, or
 * bad input (a TypeError that is not a network failure).
 *
 * @example
 * isRetryable(new NetworkError(undefined, { status: 503 })); // true
 */
export function isRetryable(error: unknown): boolean {
  // Our own timeout is a transport failure; the caller's abort (or AbortSignal.timeout) is final.
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof Error) || isAbort(error) || error instanceof SchemaError) return false;
  const status = (error as StatusError).status;
  if (typeof status === 'number') return status >= 500;
  if (error instanceof TypeError) return isNetworkError(error);
  return true;
}

/** Whether to try again after `failureCount` failures (1 after the first); `retry` undefined means the default for the kind. */
export function shouldRetry(retry: RetryOption | undefined, failureCount: number, error: unknown, sideEffect: boolean): boolean {
  if (!isRetryable(error)) return false;
  const option = retry ?? (sideEffect ? 0 : 3);
  if (typeof option === 'function') return option(failureCount, error as StatusError);
  if (typeof option === 'boolean') return option;
  return failureCount <= option;
}

/**
 * The wait before the next try: the option's, else exponential (1 s, 2 s, 4 s...
 * up to 30 s) with jitter so that many clients do not come back at once.
 */
export function retryDelay(option: RetryDelayOption | undefined, failureCount: number, error: unknown): number {
  if (option !== undefined) {
    // Clamped to what setTimeout can wait (Infinity would fire at once); NaN is 0.
    const ms = typeof option === 'function' ? option(failureCount, error as StatusError) : option;
    return Math.min(MAX_DELAY, Math.max(0, ms) || 0);
  }
  const base = Math.min(1000 * 2 ** (failureCount - 1), 30_000);
  return base / 2 + (Math.random() * base) / 2;
}

/** Resolves after `ms`, or at once when `abort` fires (the timer is cleared then). */
export function sleep(ms: number, abort: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (abort.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      abort.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    abort.addEventListener('abort', done, { once: true });
  });
}

/**
 * Retries failed requests: transport failures and 5xx, never a 4xx, an abort or a
 * schema mismatch. Reads are tried 3 more times by default with exponential backoff
 * and jitter (1 s, 2 s, 4 s... up to 30 s); mutations only when their endpoint sets
 * `retry`. The `retry` and `retryDelay` options of the endpoint, else of the client,
 * decide. Without this manager a failure is final at once: apps that do not add it
 * carry none of this code. Server mode never retries.
 *
 * @example
 * const client = createClient({ managers: [...getDefaultManagers(), new RetryManager()] });
 * // React: <DataProvider managers={[...getDefaultManagers(), new RetryManager()]}>
 */
export class RetryManager implements Manager {
  middleware: Middleware = (controller: Controller) => {
    controller.environment.retryer = async (endpoint, request, error, stopped) => {
      const failures = (request.failures = (request.failures ?? 0) + 1);
      const env = controller.environment;
      const read = !endpoint.sideEffect;
      // A client's retry is for reads; a mutation retries only when its endpoint says so.
      const option = read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry;
      if (env.ssr || !shouldRetry(option, failures, error, !read)) return false;
      // Readers show the failures so far while it waits.
      request.retryCount = failures;
      controller.changed(request.key);
      await sleep(retryDelay(freshnessOption(env, endpoint, 'retryDelay'), failures, error), stopped);
      return true;
    };
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
