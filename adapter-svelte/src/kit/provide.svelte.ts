// The component half of the SvelteKit recipe (runes: a .svelte.ts module).
import { hydrateOnce, pageClient, type Client, type Manager } from '@resto/core';
import { onDestroy } from 'svelte';
import { getClient, setClient } from '../context.js';

/** Options of {@link provideClient}. */
export interface ProvideClientOptions {
  /** Managers of the browser client (default: network, GC). Read once. */
  readonly managers?: readonly Manager[];
}

const onServer = () => typeof document === 'undefined';

/**
 * Gives the layout and every page below it a client holding the server's state. On
 * the server it makes one server-mode client per render, destroyed with the layout;
 * in the browser one client for the page's life, kept across navigations. `state`
 * is a getter (`() => data.resto`) so a new server state (an invalidated load) is
 * merged too, and so reading `data` does not capture its first value.
 *
 * @example
 * <!-- src/routes/+layout.svelte -->
 * <script lang="ts">
 *   import { provideClient } from '@resto/svelte/kit';
 *   let { data, children } = $props();
 *   provideClient(() => data.resto);
 * </script>
 * {@render children()}
 */
export function provideClient(state: () => string | null | undefined, options: ProvideClientOptions = {}): Client {
  const client = pageClient(options);
  hydrateOnce(client, state());
  // setClient destroys only a client it made; the server one is ours to end.
  setClient(client);
  if (onServer()) onDestroy(() => client.destroy());
  else $effect.pre(() => hydrateOnce(client, state()));
  return client;
}

/**
 * Merges a page's server state (its `+page.server.ts` returned `prefetch(...)`) into
 * the layout's client before the page reads: after a client-side navigation the
 * store gains what is new and refetches nothing it had.
 *
 * @example
 * <!-- src/routes/todos/[id]/+page.svelte -->
 * <script lang="ts">
 *   import { hydrateState } from '@resto/svelte/kit';
 *   let { data } = $props();
 *   hydrateState(() => data.resto);
 * </script>
 */
export function hydrateState(state: () => string | null | undefined): void {
  const client = getClient();
  hydrateOnce(client, state());
  if (!onServer()) $effect.pre(() => hydrateOnce(client, state()));
}
