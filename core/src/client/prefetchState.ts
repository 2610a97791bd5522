// The server half of SSR: run the loads against a throwaway server-mode client and hand
// back its store as text. The browser half is hydrateOnce.ts; the format is serializeState.ts's.
import type { Controller } from '../controller';
import type { Manager } from '../managers/Manager';
import { dehydrate } from '../state';
import { createClient } from './createClient';
import { serializeState } from './serializeState';

/** Options of {@link prefetchState}. */
export interface PrefetchStateOptions {
  /** Managers of the request's server client (default: the network only). */
  readonly managers?: readonly Manager[];
}

/**
 * Runs `load` against a server-mode client made for this call only (nothing is shared
 * between requests), destroys it, and resolves with its store as HTML-safe text
 * (`serializeState`). The server half of every framework recipe: a Next.js server
 * component, a SvelteKit server `load`, a route handler of your own.
 *
 * @example
 * const text = await prefetchState((ctrl) => ctrl.fetch(TodoResource.getList));
 */
export async function prefetchState(load: (controller: Controller) => unknown, options: PrefetchStateOptions = {}): Promise<string> {
  const client = createClient({ ssr: true, ...(options.managers ? { managers: options.managers } : {}) });
  try {
    await load(client.controller);
    return serializeState(dehydrate(client));
  } finally {
    client.destroy();
  }
}
