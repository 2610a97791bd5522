// The pieces of one try that the network manager's loop of tries (NetworkManager.ts) and
// the opt-in managers share: a try with a signal, what counts as an abort, the longest
// delay, and the development warning for an option whose manager is missing.
import { DEV } from '#dev';
import type { EndpointLike } from '../state';
import { NetworkError } from '../rest/NetworkError';

/**
 * Development only: warns once per endpoint that `option` is set but `manager` is not
 * among the client's managers, so it does nothing. Undefined in production: a
 * function declared here would stay in the bundle though its `if (DEV)` callers go.
 * @internal
 *
 * @example
 * if (DEV && !env.retryer && endpoint.retry) advise!(endpoint, 'retry', 'RetryManager');
 */
export const advise = DEV
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
