// The environment's own macrotask, for test helpers that wait for renders and fetches.

// Taken when this module loads, before a test can fake timers: a helper waiting on it
// (allSettled) must not hang under vi.useFakeTimers().
const realSetTimeout = globalThis.setTimeout;

/**
 * Resolves in the next macrotask of the real clock, whatever a test did to the timers.
 *
 * @example
 * vi.useFakeTimers();
 * await nextMacrotask(); // still resolves
 */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, 0));
}
