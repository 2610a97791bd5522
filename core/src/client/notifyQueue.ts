/**
 * The store's batched notifications: every client queues its wake-ups here, and
 * they run together in a microtask. {@link flushNotifications} runs them now,
 * which test helpers do at the end of a synchronous `act(() => ...)` so an update
 * made inside it (an optimistic write) renders before `act` returns, as it does
 * with data-client.
 */
import { report } from '../environment/Subscribable';

let pending: (() => void)[] = [];
let queued = false;

/** Queues `task` for the next batch of store notifications. */
export function scheduleNotification(task: () => void): void {
  pending.push(task);
  if (!queued) {
    queued = true;
    queueMicrotask(runBatch);
  }
}

// A task queued while a batch runs (a refresh that changed the store) waits for the next microtask.
function runBatch(): void {
  queued = false;
  run();
}

/**
 * Runs the tasks queued so far. Every client shares this queue: a task that throws
 * (an app's listener) is reported and the others still run, or the clients whose
 * tasks came after it would never hear of their changes again.
 */
function run(): void {
  const tasks = pending;
  pending = [];
  for (const task of tasks) {
    try {
      task();
    } catch (error) {
      report(error);
    }
  }
}

/**
 * Runs the queued store notifications now, and those they queue, until none is left.
 *
 * @example
 * // a test helper's act(): what the callback changed is rendered before act returns
 * rtlAct(() => { callback(); flushNotifications(); });
 */
export function flushNotifications(): void {
  // Bounded: a store that keeps changing on every notification must not hang a test.
  for (let round = 0; pending.length && round < 100; round++) run();
}
