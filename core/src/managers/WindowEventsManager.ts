// Opt-in browser triggers: the client's focus and online signals follow the page's
// visibility and the window's online/offline events, and the client acts on being offline
// (the OfflineManager's hold comes with it).
import type { Controller, Dispatch } from '../controller';
import { defaultSignals, environmentSignal, focusEvents, onlineEvents, readOnline, readVisible } from '../environment';
import type { Manager, Middleware } from './Manager';
import { offlineHold } from './OfflineManager';

/**
 * Makes the client follow the browser window: subscribed reads revalidate stale data
 * when the page is shown again (`refetchOnWindowFocus`) and when the network is back
 * (`refetchOnReconnect`); while the browser says it is offline, reads wait instead of
 * failing and mutations reject with an OfflineError (or queue, with
 * `queueOfflineMutations`), as with an {@link OfflineManager}, which it includes; polling
 * pauses while the page is hidden. Without it reads never revalidate on focus or
 * reconnect, the client has no `online` and `focus` signals unless an `online`/`focus`
 * option or another manager (an OfflineManager) brings them, and apps carry none of this code. Signals passed to
 * createClient (`online`, `focus`: React Native's NetInfo and AppState) keep their own
 * source, and get the same triggers and hold. Server mode attaches no listener.
 *
 * @example
 * const client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()] });
 * // React: <DataProvider managers={[...getDefaultManagers(), new WindowEventsManager()]}>
 */
export class WindowEventsManager implements Manager {
  middleware: Middleware = (controller: Controller) => {
    const env = controller.environment;
    // Installs the signals the app did not pass (the hold installs `online`).
    env.offline ??= offlineHold(env);
    const { ssr } = env;
    const online = environmentSignal(env, 'online');
    const focus = environmentSignal(env, 'focus');
    env.triggers = (revalidate) => {
      // Signals call back on change only: true means "regained". A hidden tab makes no
      // requests: a reconnect while hidden is acted on when the page is visible again.
      let missedReconnect = false;
      const stopFocus = focus.subscribe((visible) => {
        if (!visible) return;
        revalidate(missedReconnect ? 'reconnect' : 'focus');
        missedReconnect = false;
      });
      const stopOnline = online.subscribe((isOnline) => {
        if (!isOnline) return;
        if (focus.value) revalidate('reconnect');
        else missedReconnect = true;
      });
      return () => {
        stopFocus();
        stopOnline();
      };
    };
    // Signals the app passed to createClient (React Native's, a test's) keep their own source.
    if (!ssr && defaultSignals.has(online)) online.setEventListener(onlineEvents, readOnline);
    if (!ssr && defaultSignals.has(focus)) focus.setEventListener(focusEvents, readVisible);
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
