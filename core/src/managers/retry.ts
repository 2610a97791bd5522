// The retryer: how one request is tried (what is worth another try, backoff, per-try
// timeout, offline waits, the loop of tries). The NetworkManager owns who waits on it.
import isNetworkError from 'is-network-error';
import type { FreshnessOptions, RetryDelayOption, RetryOption } from '../endpoint';
import { freshnessOption, waitUntil, type ClientEnvironment } from '../environment';
import { SchemaError } from '../schema';
import type { EndpointLike } from '../state';
import { AbortError } from '../rest/AbortError';
import { TimeoutError } from '../rest/TimeoutError';

type StatusError = Error & { status?: number };

/** setTimeout's longest delay (2^31-1 ms); a longer one fires at once. */
export const MAX_DELAY = 2_147_483_647;

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

/** An abort, by any signal: DOM's AbortError, AbortSignal.timeout's TimeoutError, or Resto's AbortError. */
export function isAbort(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return !(error instanceof TimeoutError) && (name === 'AbortError' || name === 'TimeoutError');
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

/** A request's tries: what the retryer reads and counts (the NetworkManager's in-flight entry). */
export interface Tries {
  /** Our own abort (the last reader left, a reset, destroy()). */
  readonly abort: AbortController;
  /** Set by whoever aborts: the tries stop and report nothing. */
  aborted: boolean;
  /** Failed tries so far; a reader joining later is told this many. */
  failures: number;
}

/**
 * Tries `endpoint` until an answer, a failure not worth retrying, or an abort, and
 * resolves with that outcome (undefined when we aborted it: nothing is reported).
 * Offline it sends nothing and waits for the network; a failure while offline is
 * not counted. Each try has its own `timeout` and sees the caller's signal and ours.
 *
 * @example
 * const outcome = await tryUntilSettled(env, TodoResource.get, [{ id: 1 }], entry, () => render(entry.failures));
 * if (outcome) store(outcome.response, outcome.error);
 */
export async function tryUntilSettled(
  env: ClientEnvironment,
  endpoint: EndpointLike,
  args: readonly unknown[],
  tries: Tries,
  onRetry: () => void,
): Promise<{ response: unknown; error: boolean } | undefined> {
  const read = !endpoint.sideEffect;
  const own = (endpoint as { signal?: AbortSignal }).signal;
  // Fires on our abort or the caller's: what the waits between tries listen to.
  const stopped = own ? AbortSignal.any([own, tries.abort.signal]) : tries.abort.signal;
  // Infinity (or past setTimeout's range) is no limit, not a limit of 1 ms.
  const option = freshnessOption(env, endpoint, 'timeout');
  const timeout = option! > 0 && option! <= MAX_DELAY ? option : undefined;
  const run = endpoint.fetch ?? endpoint;
  for (;;) {
    if (!env.online.value) await waitUntil(env.online, stopped);
    if (tries.aborted) return undefined;
    if (own?.aborted) return { response: new AbortError(endpoint.name, undefined, own.reason), error: true };
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
    if (tries.aborted) return undefined;
    if (!outcome.error) return outcome;
    const url = (outcome.response as { url?: string } | undefined)?.url;
    if (limit?.signal.aborted) outcome.response = new TimeoutError(endpoint.name, url, timeout!);
    // The caller's abort is final: reported at once, never tried again.
    else if (own?.aborted || isAbort(outcome.response)) {
      const cause = outcome.response;
      return { response: cause instanceof AbortError ? cause : new AbortError(endpoint.name, url, cause), error: true };
    }
    // Offline, a read waits for the network; so does a mutation that may queue. Any other
    // mutation fails now: it may have reached the server, so it is never sent twice unasked.
    if (!env.online.value && (read || freshnessOption(env, endpoint, 'queueOfflineMutations'))) continue;
    tries.failures++;
    // A client's retry is for reads; a mutation retries only when its endpoint says so.
    const retryOption = read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry;
    if (env.ssr || !shouldRetry(retryOption, tries.failures, outcome.response, !read)) return outcome;
    onRetry();
    await sleep(retryDelay(freshnessOption(env, endpoint, 'retryDelay'), tries.failures, outcome.response), stopped);
  }
}
