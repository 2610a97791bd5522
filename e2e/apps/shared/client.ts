// The store every demo app uses: default managers plus retries and the window's
// focus and online events (both opt-in), a LogoutManager that
// turns any 401 into "logged out, session expired", the devtools recorder first
// so the panel (behind the "Devtools" toggle) sees every action, and a
// PersistManager so a reload shows the last data at once (before the network
// manager, so it can hold the first reads until the saved store is back).
// Mutations made offline are queued and sent, in order, when the network returns.
// With `?tabs` in the address, the tabs of the app share one store (@resto/core/sync,
// pending optimistic edits included),
// one leader tab polls for all, and mutations queued offline are saved and replayed
// after a reload (OfflineQueueManager); a replay the server refuses is shown.
// An app may add managers of its own (the wc app adds its live connection, shared/live.ts).
import {
  LogoutManager,
  RetryManager,
  WindowEventsManager,
  createClient,
  getDefaultManagers,
  type Client,
  type Controller,
  type Manager,
} from '@resto/core';
import { OfflineQueueManager, PersistManager } from '@resto/core/persist';
import { tabSync } from '@resto/core/sync';
import { Login, Logout, TodoResource, type LoginResult } from './api';
import { devtools } from './devtools';
import { session } from './session';

/** The demo's tab sync, when the page was opened with `?tabs` (the tab-sync tests do). */
export const sync = typeof location !== 'undefined' && new URLSearchParams(location.search).has('tabs') ? tabSync({ name: 'resto-demo', endpoints: [TodoResource] }) : undefined;

// Which tab leads, on the page for people and tests: <html data-tab-leader="true">.
if (sync) {
  const show = (leads: boolean) => (document.documentElement.dataset.tabLeader = String(leads));
  show(sync.leader.value);
  sync.leader.subscribe(show);
}

/** Shows a queued mutation the server refused when it was replayed. */
function showConflict(error: unknown, mutation: { name: string }) {
  const note = document.createElement('p');
  note.dataset.testid = 'queue-conflict';
  note.className = 'error';
  note.textContent = `${mutation.name} was refused: ${errorText(error)}`;
  document.body.prepend(note);
}

export function createDemoClient(extra: Manager[] = []): Client {
  const syncing: Manager[] = sync ? [sync] : [];
  const offlineQueue = sync ? new OfflineQueueManager({ endpoints: [TodoResource], onConflict: showConflict }) : undefined;
  const queue: Manager[] = offlineQueue ? [offlineQueue] : [];
  if (offlineQueue) {
    // How many mutations wait in the saved queue: <span data-testid="queue-size" data-size="2">.
    const badge = document.createElement('span');
    badge.dataset.testid = 'queue-size';
    badge.className = 'muted';
    const show = (size: number) => {
      badge.dataset.size = String(size);
      badge.textContent = size ? `${size} change(s) waiting to be sent` : '';
    };
    show(0);
    offlineQueue.subscribe((saved) => show(saved.length));
    document.body.append(badge);
  }
  return createClient({
    managers: [
      devtools,
      // First after the recorder: a new tab's reads wait for what the open tabs hold.
      ...syncing,
      new LogoutManager({
        handleLogout(controller) {
          session.expire();
          return controller.resetEntireStore();
        },
      }),
      // Bump the buster when the shape of the saved data changes.
      new PersistManager({ buster: 'demo-1' }),
      ...queue,
      ...getDefaultManagers(),
      new RetryManager(),
      new WindowEventsManager(),
      ...extra,
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
