/**
 * The store's batched notifications: every client's reader index queues the readers a
 * change woke here, and they refresh together in a microtask, each once.
 * {@link flushNotifications} runs them now, which test helpers do at the end of a
 * synchronous `act(() => ...)` so an update made inside it (an optimistic write)
 * renders before `act` returns, as it does with data-client.
 */
import { report } from '../environment/Subscribable';
import type { Reader } from './ReaderIndex';

let pending = new Set<Reader>();

/** Marks `reader` dirty and queues its refresh for the next batch (once, however often it is woken). */
export function scheduleRefresh(reader: Reader): void {
  reader.dirty = true;
  // The first reader of a batch queues its run (called unbound: browsers reject
  // queueMicrotask with another receiver, "Illegal invocation").
  if (!pending.size) queueMicrotask(run);
  pending.add(reader);
}

/** Takes `reader` out of the batch (it stopped listening before the batch ran). */
export function unschedule(reader: Reader): void {
  pending.delete(reader);
}

/**
 * Refreshes the readers queued so far. Every client shares this queue: a refresh that
 * throws (an app's listener) is reported and the others still run, or the clients whose
 * readers came after it would never hear of their changes again. A reader woken while a
 * batch runs (a refresh that changed the store) waits for the next microtask (a batch run
 * early by flushNotifications may leave a microtask that finds nothing to do).
 */
function run(): void {
  const readers = pending;
  pending = new Set();
  for (const reader of readers) {
    try {
      reader.refresh();
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
  for (let round = 0; pending.size && round < 100; round++) run();
}
