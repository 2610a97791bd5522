// How one request is tried: aborts, and the loop of tries when a retryer is installed
// (RetryManager.ts decides what is worth another try and how long to wait). The per-try
// timeout (TimeoutManager) and the offline wait (OfflineManager) are hooks on the
// environment, so apps without those managers carry none of their code.
import { DEV } from '#dev';
import type { FreshnessOptions } from '../endpoint';
import { freshnessOption, type ClientEnvironment } from '../environment';
import type { EndpointLike, InFlight } from '../state';
import { AbortError } from '../rest/AbortError';
import { NetworkError } from '../rest/NetworkError';

/**
 * Development only: warns once per endpoint that `option` is set but `manager` is not
 * among the client's managers, so it does nothing. Undefined in production: a
 * function declared here would stay in the bundle though its `if (DEV)` callers go.
 */
const advise = DEV
  ? (endpoint: EndpointLike, option: string, manager: string, seen = ((advised ??= {})[option] ??= new WeakSet())): void => {
      if (seen.has(endpoint)) return;
      seen.add(endpoint);
      console.warn(`Resto: ${endpoint.name} has a ${option} option, but ${option === 'retry' ? 'retries are' : 'it is'} off: add a ${manager} to the client's managers`);
    }
  : undefined;
/** Options already warned about per endpoint (development only). */
let advised: Record<string, WeakSet<object>> | undefined;

/** setTimeout's longest delay (2^31-1 ms); a longer one fires at once. */
export const MAX_DELAY = 2_147_483_647;

/**
 * One try of `endpoint`: its `this` sees `signal` (without cloning the endpoint).
 *
 * @example
 * const response = await tryOnce(TodoResource.get, [{ id: 1 }], controller.signal);
 */
export function tryOnce(endpoint: EndpointLike, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
  const target = Object.create(endpoint, { signal: { value: signal, enumerable: true } });
  return (endpoint.fetch ?? endpoint).apply(target, args as unknown[]);
}

/** An abort, by any signal: DOM's AbortError, AbortSignal.timeout's TimeoutError, or Resto's AbortError. */
export function isAbort(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  // A NetworkError named TimeoutError is our own timeout (rest/TimeoutError.ts), not an abort.
  return name === 'AbortError' || (name === 'TimeoutError' && !(error instanceof NetworkError));
}

/**
 * Tries `endpoint` until an answer, a failure the client's retryer (a RetryManager)
 * does not try again (any failure without one), or an abort, and resolves with that
 * outcome (undefined when we aborted it: nothing is reported). With an OfflineManager,
 * offline it sends nothing and waits for the network, and a failure while offline is
 * not counted; with a TimeoutManager each try has its own `timeout`. Each try sees the
 * caller's signal and ours.
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
  const { offline, tryOnce: run = tryOnce } = env;
  // Once per endpoint: options nothing here honours (the retry rule is written out below,
  // not shared with RetryManager: a shared function stays in production bundles).
  if (DEV && !env.ssr) {
    if (!env.tryOnce && freshnessOption(env, endpoint, 'timeout')) advise!(endpoint, 'timeout', 'TimeoutManager');
    if (!offline && !read && freshnessOption(env, endpoint, 'queueOfflineMutations')) advise!(endpoint, 'queueOfflineMutations', 'OfflineManager');
  }
  for (;;) {
    if (offline) await offline.wait(stopped);
    if (tries.aborted) return undefined;
    if (own?.aborted) return { response: new AbortError(endpoint.name, undefined, own.reason), error: true };
    let outcome: { response: unknown; error: boolean };
    try {
      outcome = { response: await run(endpoint, args, stopped), error: false };
    } catch (error) {
      outcome = { response: error, error: true };
    }
    if (tries.aborted) return undefined;
    if (!outcome.error) return outcome;
    // The caller's abort is final: reported at once, never tried again (our own timeout,
    // had it fired first, is still a timeout: the next turn reports the abort).
    if (isAbort(outcome.response) || (own?.aborted && (outcome.response as Error | undefined)?.name !== 'TimeoutError')) {
      const cause = outcome.response;
      return { response: cause instanceof AbortError ? cause : new AbortError(endpoint.name, (cause as { url?: string } | undefined)?.url, cause), error: true };
    }
    if (offline?.holds(endpoint)) continue;
    tries.failures++;
    const retryer = env.ssr ? undefined : env.retryer;
    if (DEV && !retryer && !env.ssr && (read ? freshnessOption(env, endpoint, 'retry') : (endpoint as FreshnessOptions).retry)) advise!(endpoint, 'retry', 'RetryManager');
    if (!retryer || !(await retryer(endpoint, tries, outcome.response, stopped))) return outcome;
  }
}
