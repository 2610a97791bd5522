// The "Logged out after a 401" fixture of the adapters' README example tests.
import { createClient, EnvironmentSignal, getDefaultManagers, LogoutManager } from '@resto/core';
import { afterAll, beforeAll } from 'vitest';
import { json, startServer } from './server';

/**
 * For a test file about logging out: a real server, started before the file's tests and
 * closed after them, whose `GET /me` answers 401 (an expired token); `signIn()` gives a
 * `signedIn` signal (true) and a client whose LogoutManager sets it to false and
 * resets the store on a 401.
 *
 * @example
 * const session = expiredSession();
 * it('a 401 logs out', async () => {
 *   const { signedIn, client } = session.signIn();
 *   const Me = new RestEndpoint({ urlPrefix: session.server.url, path: '/me' });
 *   await client.controller.fetch(Me).catch(() => {});
 *   expect(signedIn.value).toBe(false);
 *   client.destroy();
 * });
 */
export function expiredSession() {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    server = await startServer({ 'GET /me': (_hit, res) => json(res, { message: 'token expired' }, 401) });
  });
  afterAll(() => server?.close());
  return {
    get server() {
      if (!server) throw new Error('expiredSession(): the server starts in beforeAll');
      return server;
    },
    signIn() {
      const signedIn = new EnvironmentSignal(true);
      const client = createClient({
        managers: [
          new LogoutManager({ handleLogout: (controller) => (signedIn.set(false), controller.resetEntireStore()) }),
          ...getDefaultManagers(),
        ],
      });
      return { signedIn, client };
    },
  };
}
