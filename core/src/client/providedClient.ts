// The client an adapter's provider gives its app, one rule for every framework's
// provider (Vue's createResto, Angular's provideResto, Solid's RestoProvider).
import { DEV } from '#dev';
import { getDefaultManagers, type GCOptions } from '../managers';
import type { DehydratedState } from '../state';
import { adapterError } from './args';
import { createClient, type Client } from './createClient';

/** What a provider takes to give its app a client. */
export interface ProviderOptions {
  /** The store to provide; left to its owner. Without it one is made with the default managers. */
  readonly client?: Client;
  /** GC tuning for the client made when none is given. */
  readonly gc?: GCOptions;
  /** Server mode for the client made when none is given (reads fetch once, no timers). */
  readonly ssr?: boolean;
  /** A snapshot from the server's `dehydrate(client)` for the client made when none is given. */
  readonly initialState?: DehydratedState;
}

/**
 * Checks a provider's options at once and returns what makes its client: the one
 * passed, or a new one with the default managers, which the provider owns (and
 * destroys with the app) exactly when `options.client` is undefined. `initialState`
 * with a client of your own is refused: merging into a running client is `hydrate()`.
 *
 * @example
 * const make = providedClient('createResto()', options);
 * const client = make();
 * if (!options.client) app.onUnmount(() => client.destroy());
 */
export function providedClient(where: string, { client, gc, ssr = false, initialState }: ProviderOptions): () => Client {
  if (client && initialState) throw adapterError(where, 'initialState with a client of your own', DEV && 'pass it to that client: createClient({ initialState }), or hydrate(client, snapshot)', 32);
  return () => client ?? createClient({ ssr, managers: getDefaultManagers({ gc, ssr }), initialState });
}
