// The opt-in logout trigger: watches failed responses for an expired authorization (401
// by default) and runs the app's logout once per burst. What logging out does is the app's.
import type { Controller, Dispatch } from '../controller';
import { SET_RESPONSE, uniqueNow, type ActionTypes } from '../state';
import type { Manager, Middleware } from './Manager';

/** Options of {@link LogoutManager}. */
export interface LogoutManagerOptions {
  /** Which errors mean "authorization expired" (default: `status === 401`). */
  shouldLogout?(error: unknown): boolean;
  /** What logging out does (default: `controller.resetEntireStore()`). */
  handleLogout?(controller: Controller): void | Promise<void>;
  /** What `handleLogout` threw or rejected with (default: `console.error`). */
  onError?(error: unknown): void;
}

/**
 * Runs de-authorization cleanup when any endpoint answers 401: one logout at a
 * time, and a 401 answering a request started before the last logout finished
 * starts none (the reads its reset refetched would otherwise log out again). The
 * failed fetch rejects at once; the handler runs on its own.
 *
 * @example
 * const client = createClient({
 *   managers: [
 *     new LogoutManager({ handleLogout: (ctrl) => { auth.clear(); return ctrl.resetEntireStore(); } }),
 *     ...getDefaultManagers(),
 *   ],
 * });
 */
export class LogoutManager implements Manager {
  /** When the last logout finished; Infinity while one runs. */
  private lastLogout = -Infinity;
  private readonly shouldLogout: (error: unknown) => boolean;
  private readonly handleLogout: (controller: Controller) => void | Promise<void>;
  private readonly onError: (error: unknown) => void;

  constructor({ shouldLogout, handleLogout, onError }: LogoutManagerOptions = {}) {
    this.shouldLogout = shouldLogout ?? ((error) => (error as { status?: number })?.status === 401);
    this.handleLogout = handleLogout ?? ((controller) => controller.resetEntireStore());
    this.onError = onError ?? ((error) => console.error('Resto LogoutManager: handleLogout failed', error));
  }

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => async (action: ActionTypes) => {
    await next(action);
    if (
      action.type === SET_RESPONSE &&
      action.error &&
      action.meta.fetchedAt > this.lastLogout &&
      this.shouldLogout(action.response)
    ) {
      this.lastLogout = Infinity;
      // Not awaited: the failed fetch rejects now, whatever the handler does.
      new Promise<void>((resolve) => resolve(this.handleLogout(controller)))
        .catch(this.onError)
        .finally(() => (this.lastLogout = uniqueNow()));
    }
  };

  cleanup(): void {}
}
