// Opt-in per-try timeout: each try of a request with a `timeout` (the endpoint's, else the
// client's) is aborted past it and fails with a TimeoutError. The network manager's loop of tries calls it for each try.
import type { Controller, Dispatch } from '../controller';
import { freshnessOption } from '../environment';
import { TimeoutError } from '../rest/TimeoutError';
import type { Manager, Middleware } from './Manager';
import { MAX_DELAY, tryOnce } from './retry';

/**
 * Honours the `timeout` option (ms, on the endpoint or the client): a try that takes
 * longer is aborted and fails with a {@link TimeoutError} (status 408), which a
 * RetryManager tries again like a transport failure; each try gets the whole timeout.
 * Without this manager `timeout` does nothing (a development build warns, naming the
 * endpoint), and apps carry none of this code.
 *
 * @example
 * const client = createClient({ timeout: 10_000, managers: [...getDefaultManagers(), new TimeoutManager()] });
 * // React: <DataProvider managers={[...getDefaultManagers(), new TimeoutManager()]}>
 */
export class TimeoutManager implements Manager {
  middleware: Middleware = (controller: Controller) => {
    const env = controller.environment;
    env.tryOnce = async (endpoint, args, signal) => {
      // Infinity (or past setTimeout's range) is no limit, not a limit of 1 ms.
      const timeout = freshnessOption(env, endpoint, 'timeout');
      if (!(timeout! > 0 && timeout! <= MAX_DELAY)) return tryOnce(endpoint, args, signal);
      const limit = new AbortController();
      const timer = setTimeout(() => limit.abort(), timeout);
      try {
        return await tryOnce(endpoint, args, AbortSignal.any([signal, limit.signal]));
      } catch (error) {
        throw limit.signal.aborted ? new TimeoutError(endpoint.name, (error as { url?: string } | undefined)?.url, timeout!) : error;
      } finally {
        clearTimeout(timer);
      }
    };
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
