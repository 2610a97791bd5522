// The browser's focus source: document.visibilityState, checked on visibilitychange and
// window focus; always true without a document. WindowEventsManager attaches it.
import { EnvironmentSignal, type SignalSetup } from './EnvironmentSignal';

// Not `=== 'visible'`: a document that is not shown yet ('prerender', some test DOMs) is not a hidden tab.
export const readVisible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Reports `document.visibilityState` on `visibilitychange` and window `focus`. */
export const focusEvents: SignalSetup = (set) => {
  if (typeof document === 'undefined' || typeof document.addEventListener !== 'function') return;
  const check = () => set(readVisible());
  document.addEventListener('visibilitychange', check);
  const win = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
  win?.addEventListener('focus', check);
  return () => {
    document.removeEventListener('visibilitychange', check);
    win?.removeEventListener('focus', check);
  };
};

/**
 * Whether the page is in front of the user (`document.visibilityState`, updated on
 * `visibilitychange` and window `focus`). Always true without a document. Going
 * from false to true is "focus regained". A client's own focus signal follows the
 * page only with a {@link WindowEventsManager} (or this signal as its `focus` option).
 *
 * @example
 * const client = createClient({ focus: createFocusSignal() });
 * client.focus.subscribe((visible) => console.log(visible ? 'back' : 'hidden'));
 */
export function createFocusSignal(): EnvironmentSignal {
  return new EnvironmentSignal(readVisible, focusEvents);
}
