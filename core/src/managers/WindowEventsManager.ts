// Opt-in browser triggers: the client's focus and online signals follow the page's
// visibility and the window's online/offline events.
import type { Controller, Dispatch } from '../controller';
import { defaultSignals, focusEvents, onlineEvents, readOnline, readVisible } from '../environment';
import type { Manager, Middleware } from './Manager';

/**
 * Makes the client follow the browser window: subscribed reads revalidate stale data
 * when the page is shown again (`refetchOnWindowFocus`) and when the network is back
 * (`refetchOnReconnect`); while the browser says it is offline, reads wait instead of
 * failing and mutations reject with an OfflineError (or queue, with
 * `queueOfflineMutations`); polling pauses while the page is hidden. Without it the
 * client's `online` and `focus` signals change only when told (`client.online.set(false)`),
 * and apps carry none of the listeners. Signals passed to createClient (`online`,
 * `focus`) keep their own source. Server mode attaches nothing.
 *
 * @example
 * const client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()] });
 * // React: <DataProvider managers={[...getDefaultManagers(), new WindowEventsManager()]}>
 */
export class WindowEventsManager implements Manager {
  middleware: Middleware = (controller: Controller) => {
    const { online, focus, ssr } = controller.environment;
    // Signals the app passed to createClient (React Native's, a test's) keep their own source.
    if (!ssr && defaultSignals.has(online)) online.setEventListener(onlineEvents, readOnline);
    if (!ssr && defaultSignals.has(focus)) focus.setEventListener(focusEvents, readVisible);
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
