import isNetworkError from 'is-network-error';
import type { RetryDelayOption, RetryOption } from '../endpoint';
import { SchemaError } from '../schema';
import { TimeoutError } from '../rest/TimeoutError';

type StatusError = Error & { status?: number };

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
  if (typeof option === 'function') return Math.max(0, option(failureCount, error as StatusError));
  if (typeof option === 'number') return Math.max(0, option);
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
