// The store every demo app uses: default managers plus a LogoutManager that
// turns any 401 into "logged out, session expired", the devtools recorder first
// so the panel (behind the "Devtools" toggle) sees every action, and a
// PersistManager so a reload shows the last data at once (before the network
// manager, so it can hold the first reads until the saved store is back).
// Mutations made offline are queued and sent, in order, when the network returns.
import { LogoutManager, createClient, getDefaultManagers, type Client, type Controller } from '@resto/core';
import { PersistManager } from '@resto/core/persist';
import { Login, Logout, type LoginResult } from './api';
import { devtools } from './devtools';
import { session } from './session';

export function createDemoClient(): Client {
  return createClient({
    managers: [
      devtools,
      new LogoutManager({
        handleLogout(controller) {
          session.expire();
          return controller.resetEntireStore();
        },
      }),
      // Bump the buster when the shape of the saved data changes.
      new PersistManager({ buster: 'demo-1' }),
      ...getDefaultManagers(),
    ],
    queueOfflineMutations: true,
  });
}

/** POST /login, then remember the token. Throws on a wrong password (not a logout). */
export async function logIn(username: string, password: string): Promise<LoginResult> {
  const result = await Login({ username, password });
  session.login(result.accessToken, result.user);
  return result;
}

/** POST /logout (revokes the token), forget it, and drop per-user data. */
export async function logOut(controller: Controller): Promise<void> {
  try {
    await Logout();
  } finally {
    session.logout();
    await controller.resetEntireStore();
  }
}

/**
 * Message of an error for a person: what the server said in its own words
 * (`NetworkError.serverMessage`), else the error's own message.
 */
export function errorText(error: unknown): string {
  const e = error as { serverMessage?: string; message?: string } | undefined;
  if (!e) return '';
  return e.serverMessage ?? e.message ?? String(error);
}
