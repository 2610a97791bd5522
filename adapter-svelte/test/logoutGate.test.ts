// The README's "Logged out after a 401": LogoutManager's handleLogout flips an
// EnvironmentSignal, and a component holding it in $state shows the logged-out
// state once a read meets a 401 from a real server.
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, EnvironmentSignal, getDefaultManagers, LogoutManager } from '@resto/core';
import { clientContext } from '../src';
import { json, startServer, until } from '@resto/testing';
import SessionNotice from './fixtures/SessionNotice.svelte';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ 'GET /me': (_hit, res) => json(res, { message: 'token expired' }, 401) });
});
afterAll(() => server.close());

it('a 401 on any read shows the logged-out state', async () => {
  const signedIn = new EnvironmentSignal(true);
  const client = createClient({
    managers: [
      new LogoutManager({ handleLogout: (controller) => (signedIn.set(false), controller.resetEntireStore()) }),
      ...getDefaultManagers(),
    ],
  });
  const { unmount } = render(SessionNotice, { props: { signedIn, url: server.url }, context: clientContext(client) });
  expect(screen.getByText('Hi …')).toBeTruthy();
  await until(() => screen.queryByRole('alert') !== null);
  expect(screen.getByRole('alert').textContent).toBe('Your session expired. Please log in again.');
  expect(server.hits.map((h) => h.url)).toEqual(['/me']);
  unmount();
  expect(signedIn.listenerCount).toBe(0); // the effect let go
  cleanup();
  client.destroy();
});
