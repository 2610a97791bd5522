import { onTestFinished, vi } from 'vitest';
import { createClient, PollingModes, RestEndpoint } from '@resto/core';
import { EVENT_TIMEOUT, TICK_PATH } from './server';

/**
 * `vi.waitFor` with the shared event ceiling (vitest's default is 1 s, which a busy
 * machine exceeds without a bug). Retries `check` until it stops throwing.
 */
export function waitFor<T>(check: () => T | Promise<T>, timeout = EVENT_TIMEOUT): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 5 });
}

/** A spy on `fetch` that lets every request through, removed when the test ends. */
export function spyOnFetch() {
  const spy = vi.spyOn(globalThis, 'fetch');
  onTestFinished(() => spy.mockRestore());
  return spy;
}

/**
 * Records the path of every URL the code under test passes to `fetch` (the requests
 * still go out), from now to the end of the test. "No request was made" then holds
 * the moment the code had its chance to call fetch, instead of after a sleep long
 * enough for a request to reach the server.
 */
export function recordFetches() {
  const spy = spyOnFetch();
  return () => spy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname);
}

/** Lets the code under test run to its next wait: pending microtasks and one macrotask (I/O callbacks included). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A controlled clock for the rest of the test: timers and Date are fake; setImmediate,
 * nextTick and microtasks stay real, so a real server and fetch keep working.
 */
export function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** "Nothing happens" checks: `ms` of fake time pass (every timer due runs), then a turn of real I/O. */
export async function passTime(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await nextTask();
}

/**
 * For "it stopped polling" checks on the real clock, without a sleep: a witness read
 * on its own client polls the test server every `ms` until the server has seen
 * `polls` of its requests. A poller still running at the same or a shorter period
 * would have sent a request in that time, since timers fire in the order they are due.
 */
export async function timersPass(server: { url: string; count(method: string, path: string): number }, ms: number, polls = 2) {
  const client = createClient();
  const witness = new RestEndpoint({ urlPrefix: server.url, path: TICK_PATH, pollFrequency: ms });
  const start = server.count('GET', TICK_PATH);
  const stop = client.observeWith(PollingModes.live, witness, []).subscribe(() => {});
  try {
    await vi.waitFor(() => {
      if (server.count('GET', TICK_PATH) < start + polls + 1) throw new Error('not yet');
    }, { timeout: EVENT_TIMEOUT, interval: 5 });
  } finally {
    stop();
    client.destroy();
  }
}
