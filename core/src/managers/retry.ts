// How one request is tried: per-try timeout, aborts, offline waits, and the loop of
// tries when a retryer is installed (RetryManager.ts decides what is worth another
// try and how long to wait). The NetworkManager owns who waits on it.
import { DEV } from '#dev';
import type { FreshnessOptions } from '../endpoint';
import { freshnessOption, waitUntil, type ClientEnvironment } from '../environment';
import type { EndpointLike, InFlight } from '../state';
import { AbortError } from '../rest/AbortError';
import { TimeoutError } from '../rest/TimeoutError';

/** Endpoints already warned that their `retry` option has no RetryManager (development only). */
let warned: WeakSet<object> | undefined;

/** setTimeout's longest delay (2^31-1 ms); a longer one fires at once. */
export const MAX_DELAY = 2_147_483_647;

/** An abort, by any signal: DOM's AbortError, AbortSignal.timeout's TimeoutError, or Resto's AbortError. */
export function isAbort(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return !(error instanceof TimeoutError) && (name === 'AbortError' || name === 'TimeoutError');
}

/**
 * Tries `endpoint` until an answer, a failure the client's retryer (a RetryManager)
 * does not try again (any failure without one), or an abort, and resolves with that
 * outcome (undefined when we aborted it: nothing is reported). Offline it sends
 * nothing and waits for the network; a failure while offline is not counted. Each
 * try has its own `timeout` and sees the caller's signal and ours.
 *
 * @example
 * const outcome = await tryUntilSettled(env, TodoResource.get, [{ id: 1 }], request);
 * if (outcome) store(outcome.response, outcome.error);
 */
export async function tryUntilSettled(
  env: ClientEnvironment,
  endpoint: EndpointLike,
  args: readonly unknown[],
  tries: InFlight,
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
    const retryer = env.ssr ? undefined : env.retryer;
    // Once per endpoint: a failing request must not repeat the same advice. (The retry rule is
    // written out, not shared with RetryManager: a shared function stays in production bundles.)
    if (DEV && !retryer && !env.ssr && (read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry) && !(warned ??= new WeakSet()).has(endpoint)) {
      warned.add(endpoint);
      console.warn(`Resto: ${endpoint.name} has a retry option, but retries are off: add a RetryManager to the client's managers`);
    }
    if (!retryer || !(await retryer(endpoint, tries, outcome.response, stopped))) return outcome;
  }
}
