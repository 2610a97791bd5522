// The default online signal: navigator.onLine and the window's online/offline events;
// always true without a browser.
import { EnvironmentSignal } from './EnvironmentSignal';

const readOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether the network is reachable, as the browser says (`navigator.onLine`, the
 * `online`/`offline` events). Always true where there is no browser (Node, server
 * rendering) until told otherwise with `set` or `setEventListener`.
 *
 * @example
 * const client = createClient({ online: createOnlineSignal() }); // the default
 * client.online.value; // true
 */
export function createOnlineSignal(): EnvironmentSignal {
  return new EnvironmentSignal(readOnline, (set) => {
    if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
    const on = () => set(true);
    const off = () => set(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}
