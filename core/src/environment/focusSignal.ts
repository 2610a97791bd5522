// The default focus signal: document.visibilityState, checked on visibilitychange and
// window focus; always true without a document.
import { EnvironmentSignal } from './EnvironmentSignal';

// Not `=== 'visible'`: a document that is not shown yet ('prerender', some test DOMs) is not a hidden tab.
const readVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Whether the page is in front of the user (`document.visibilityState`, updated on
 * `visibilitychange` and window `focus`). Always true without a document. Going
 * from false to true is "focus regained".
 *
 * @example
 * const client = createClient({ focus: createFocusSignal() }); // the default
 * client.focus.subscribe((visible) => console.log(visible ? 'back' : 'hidden'));
 */
export function createFocusSignal(): EnvironmentSignal {
  return new EnvironmentSignal(readVisible, (set) => {
    if (typeof document === 'undefined' || typeof document.addEventListener !== 'function') return;
    const check = () => set(readVisible());
    document.addEventListener('visibilitychange', check);
    const win = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
    win?.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      win?.removeEventListener('focus', check);
    };
  });
}
