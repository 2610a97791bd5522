// The opt-in logout trigger: watches failed responses for an expired authorization (401
// by default) and runs the app's logout once per burst. What logging out does is the app's.
import type { Controller, Dispatch } from '../controller';
import { SET_RESPONSE, type ActionTypes } from '../state';
import type { Manager, Middleware } from './Manager';

/** Options of {@link LogoutManager}. */
export interface LogoutManagerOptions {
  /** Which errors mean "authorization expired" (default: `status === 401`). */
  shouldLogout?(error: unknown): boolean;
  /** What logging out does (default: `controller.resetEntireStore()`). */
  handleLogout?(controller: Controller): void | Promise<void>;
}

/**
 * Runs de-authorization cleanup when any endpoint answers 401: once per burst
 * (401s of requests started before the logout are ignored).
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
  private lastLogout = -Infinity;
  private readonly shouldLogout: (error: unknown) => boolean;
  private readonly handleLogout: (controller: Controller) => void | Promise<void>;

  constructor({ shouldLogout, handleLogout }: LogoutManagerOptions = {}) {
    this.shouldLogout = shouldLogout ?? ((error) => (error as { status?: number })?.status === 401);
    this.handleLogout = handleLogout ?? ((controller) => controller.resetEntireStore());
  }

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => async (action: ActionTypes) => {
    await next(action);
    if (
      action.type === SET_RESPONSE &&
      action.error &&
      this.shouldLogout(action.response) &&
      action.meta.fetchedAt >= this.lastLogout
    ) {
      this.lastLogout = Date.now() + 1;
      await this.handleLogout(controller);
    }
  };

  cleanup(): void {}
}
