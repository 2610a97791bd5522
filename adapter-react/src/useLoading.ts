import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createLoading, type LoadingState } from '@resto/core';

/**
 * Wraps an async function (usually a mutation) with a loading flag and its last
 * error: `[wrapped, loading, error]`. `wrapped` is stable and always calls the
 * latest `fn`; it resolves with `fn`'s value, or undefined when `fn` failed (the
 * error is in the tuple instead of an unhandled rejection). Only the latest call
 * drives the flags (core's `createLoading`, the same in every adapter).
 *
 * @example
 * const ctrl = useController();
 * const [save, saving, error] = useLoading((title: string) =>
 *   ctrl.fetch(TodoResource.partialUpdate, { id }, { title }),
 * );
 * <button disabled={saving} onClick={() => save('Done')}>Save</button>
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [wrapped: (...args: A) => Promise<R | undefined>, loading: boolean, error: LoadingState['error']] {
  const latestFn = useRef(fn);
  // The latest fn, without making `wrapped` change identity on every render.
  useLayoutEffect(() => {
    latestFn.current = fn;
  });
  const [tracker] = useState(() => createLoading((...args: A) => latestFn.current(...args)));
  const { loading, error } = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
  return [tracker.run, loading, error];
}
