// Waiting, abortably, for a signal to turn true: how a request is held while offline.
// The loop of tries that uses it is NetworkManager.handleFetch (managers/NetworkManager.ts).
import type { EnvironmentSignal } from './EnvironmentSignal';

/**
 * Resolves once `signal` is true, or at once when `abort` fires; the listener is
 * gone either way. Used to hold requests while offline.
 *
 * @example
 * await waitUntil(client.online, controller.signal);
 */
export function waitUntil(signal: EnvironmentSignal, abort: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.value || abort.aborted) return resolve();
    let settled = false;
    let stop: (() => void) | undefined = undefined;
    const done = () => {
      settled = true;
      stop?.();
      abort.removeEventListener('abort', done);
      resolve();
    };
    // An event source may report at once while it attaches (inside subscribe):
    // `stop` does not exist yet then, so let go right after.
    stop = signal.subscribe((value) => {
      if (value) done();
    });
    if (settled) stop();
    else abort.addEventListener('abort', done, { once: true });
  });
}
