// The server half of the SvelteKit recipe: runs in a server `load` (+layout.server.ts,
// +page.server.ts), whose return value SvelteKit sends to the browser.
import { prefetchState, type Controller, type PrefetchStateOptions } from '@resto/core';

/** What {@link prefetch} returns: a `load` result (spread it to add your own fields). */
export interface PrefetchedState {
  /** The store the load filled, as text (`serializeState`). */
  readonly resto: string;
}

/** Options of {@link prefetch}. */
export type PrefetchOptions = PrefetchStateOptions;

/**
 * Runs `load` against a new server-mode client made for this request only (nothing is
 * shared between users), then destroys the client and returns its store as text. A
 * server `load` returns it; `provideClient` / `hydrateState` in the layout or page
 * merge it into the browser's client.
 *
 * @example
 * // src/routes/+layout.server.ts
 * import { prefetch } from '@resto/svelte/kit';
 * export const load = () => prefetch((ctrl) => ctrl.fetch(TodoResource.getList));
 */
export async function prefetch(load: (controller: Controller) => unknown, options: PrefetchOptions = {}): Promise<PrefetchedState> {
  return { resto: await prefetchState(load, options) };
}
