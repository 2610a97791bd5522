// The README's "Logged out after a 401": LogoutManager's handleLogout flips an
// EnvironmentSignal, and a component holding it in $state shows the logged-out
// state once a read meets a 401 from a real server.
import { cleanup, render, screen } from '@testing-library/svelte';
import { expect, it } from 'vitest';
import { clientContext } from '../src';
import { expiredSession, until } from '@resto/testing';
import SessionNotice from './fixtures/SessionNotice.svelte';

const session = expiredSession();

it('a 401 on any read shows the logged-out state', async () => {
  const { signedIn, client } = session.signIn();
  const { server } = session;
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
