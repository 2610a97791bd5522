// Opt-in browser triggers: the client's focus and online signals follow the page's
// visibility and the window's online/offline events, and the client acts on being offline
// (the OfflineManager's hold comes with it).
import type { Controller, Dispatch } from '../controller';
import { defaultSignals, focusEvents, onlineEvents, readOnline, readVisible } from '../environment';
import type { Manager, Middleware } from './Manager';
import { offlineHold } from './OfflineManager';

/**
 * Makes the client follow the browser window: subscribed reads revalidate stale data
 * when the page is shown again (`refetchOnWindowFocus`) and when the network is back
 * (`refetchOnReconnect`); while the browser says it is offline, reads wait instead of
 * failing and mutations reject with an OfflineError (or queue, with
 * `queueOfflineMutations`), as with an {@link OfflineManager}, which it includes; polling
 * pauses while the page is hidden. Without it the
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
    const env = controller.environment;
    const { online, focus, ssr } = env;
    env.offline ??= offlineHold(env);
    // Signals the app passed to createClient (React Native's, a test's) keep their own source.
    if (!ssr && defaultSignals.has(online)) online.setEventListener(onlineEvents, readOnline);
    if (!ssr && defaultSignals.has(focus)) focus.setEventListener(focusEvents, readVisible);
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
