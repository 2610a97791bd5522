// Server side of the Next.js recipe: no 'use client', no React, so a server
// component (or a route handler) can call it.
import { prefetchState, type Controller, type PrefetchStateOptions } from '@resto/core';

/** Options of {@link prefetch}. */
export type PrefetchOptions = PrefetchStateOptions;

/**
 * Runs `load` against a new server-mode client made for this call only (nothing is
 * shared between requests), and returns its store as HTML-safe text for
 * `<RestoProvider state>` or `<HydrateState state>`. The client is destroyed before
 * this resolves. With Next's `cacheComponents`, call `await connection()` first and
 * render the component under `<Suspense>`: the fetch then runs per request, not at
 * build time.
 *
 * @example
 * // app/page.tsx
 * import { connection } from 'next/server';
 * import { HydrateState, prefetch } from '@resto/react/next';
 * async function Todos() {
 *   await connection();
 *   const state = await prefetch((ctrl) => ctrl.fetch(TodoResource.getList));
 *   return <HydrateState state={state}><TodoList /></HydrateState>;
 * }
 */
export function prefetch(load: (controller: Controller) => unknown, options: PrefetchOptions = {}): Promise<string> {
  return prefetchState(load, options);
}
