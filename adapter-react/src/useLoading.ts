import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Wraps an async function (usually a mutation) with a loading flag and its last
 * error: `[wrapped, loading, error]`. `wrapped` is stable and always calls the
 * latest `fn`; it resolves with `fn`'s value, or undefined when `fn` failed (the
 * error is in the tuple instead of an unhandled rejection). Only the latest call
 * drives the flags.
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
): [wrapped: (...args: A) => Promise<R | undefined>, loading: boolean, error: (Error & { status?: number }) | undefined] {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<(Error & { status?: number }) | undefined>(undefined);
  const latestFn = useRef(fn);
  const lastCall = useRef(0);
  // The latest fn, without making `wrapped` change identity on every render.
  useLayoutEffect(() => {
    latestFn.current = fn;
  });
  const wrapped = useCallback(async (...args: A): Promise<R | undefined> => {
    const call = ++lastCall.current;
    setLoading(true);
    setError(undefined);
    try {
      return await latestFn.current(...args);
    } catch (e) {
      if (call === lastCall.current) setError(e as Error);
      return undefined;
    } finally {
      if (call === lastCall.current) setLoading(false);
    }
  }, []);
  return [wrapped, loading, error];
}
