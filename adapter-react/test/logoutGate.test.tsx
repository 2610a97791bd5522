// The README's "Logged out after a 401": LogoutManager's handleLogout flips an
// EnvironmentSignal, and a component reading it with useSyncExternalStore shows the
// logged-out state once a read meets a 401 from a real server.
import { useSyncExternalStore, type ReactNode } from 'react';
import { expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RestEndpoint } from '@resto/core';
import { DataProvider, useDLE } from '../src';
import { expiredSession } from '@resto/testing';

const session = expiredSession();

it('a 401 on any read shows the logged-out state', async () => {
  const { signedIn, client } = session.signIn();
  const { server } = session;
  const Me = new RestEndpoint({ urlPrefix: server.url, path: '/me', process: (me: { name: string }) => me });

  function SessionGate({ children }: { children: ReactNode }) {
    const ok = useSyncExternalStore(signedIn.subscribe, () => signedIn.value);
    return ok ? children : <p role="alert">Your session expired. Please log in again.</p>;
  }
  function Greeting() {
    const { data } = useDLE(Me);
    return <p>Hi {data?.name ?? '…'}</p>;
  }

  render(
    <DataProvider client={client}>
      <SessionGate>
        <Greeting />
      </SessionGate>
    </DataProvider>,
  );
  expect(screen.getByText('Hi …')).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your session expired. Please log in again.'));
  expect(server.hits.map((h) => h.url)).toEqual(['/me']);
  cleanup();
  client.destroy();
});
