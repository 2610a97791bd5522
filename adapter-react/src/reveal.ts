import * as React from 'react';
import { createContext, useMemo, useReducer, type Context } from 'react';

/**
 * How a suspended read asks its `DataProvider` to reveal it. When a boundary's thrown
 * promise settles, React retries the boundary in a Retry lane, and React 19 holds a
 * retry back until 300 ms after the fallback appeared (its fallback throttle): a
 * list whose data came in 40 ms after mounting was shown 300 ms after it. A state
 * update of the provider (Default lane, never throttled) that reaches the suspended
 * component through this context re-renders it at once. The context's value is a new
 * function after every settle, so its consumers (only suspended reads) re-render.
 * It re-renders this provider's suspended reads when `promise` settles. Internal.
 */
export type Reveal = (promise: PromiseLike<unknown>) => void;

/** @internal */
export const RevealContext = createContext<Reveal | null>(null);

// React 19's `use` reads a context conditionally: only a read that suspends consumes
// it, so a version change re-renders suspended reads and nothing that shows data.
// React 18 has no `use` (its suspended mount keeps no fiber to reach anyway).
const readContext = (React as { use?: <T>(context: Context<T>) => T }).use;

/**
 * Called by a read about to throw `promise`: its provider re-renders it (Default lane)
 * when the promise settles. Internal.
 */
export function revealWhenSettled(promise: PromiseLike<unknown>): void {
  readContext?.(RevealContext)?.(promise);
}

/**
 * The provider's side: the context value, a new one after every settle of a watched
 * promise (a promise watched by several renders bumps once each; React batches them). Internal.
 *
 * @example
 * const reveal = useRevealState();
 * return <RevealContext.Provider value={reveal}>{children}</RevealContext.Provider>;
 */
export function useRevealState(): Reveal {
  // `bump` (stable) counts a settle, whatever the promise settled with.
  const [version, bump] = useReducer((v: number) => v + 1, 0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per version is the point
  return useMemo(() => (promise: PromiseLike<unknown>) => void promise.then(bump, bump), [version]);
}
