// The browser's online source: navigator.onLine and the window's online/offline events;
// always true without a browser. WindowEventsManager attaches it.
import { EnvironmentSignal, type SignalSetup } from './EnvironmentSignal';

export const readOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Reports the window's `online` and `offline` events. */
export const onlineEvents: SignalSetup = (set) => {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  const on = () => set(true);
  const off = () => set(false);
  window.addEventListener('online', on);
  window.addEventListener('offline', off);
  return () => {
    window.removeEventListener('online', on);
    window.removeEventListener('offline', off);
  };
};

/**
 * Whether the network is reachable, as the browser says (`navigator.onLine`, the
 * `online`/`offline` events). Always true where there is no browser (Node, server
 * rendering) until told otherwise with `set` or `setEventListener`. A client's own
 * online signal follows the browser only with a {@link WindowEventsManager} (or this
 * signal as its `online` option).
 *
 * @example
 * const client = createClient({ online: createOnlineSignal() });
 * client.online.value; // false while the browser is offline
 */
export function createOnlineSignal(): EnvironmentSignal {
  return new EnvironmentSignal(readOnline, onlineEvents);
}
