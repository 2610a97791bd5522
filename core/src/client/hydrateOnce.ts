// Merging a server-rendered state text into a browser client at most once per text, for
// framework recipes that may run again. Parsing the text is serializeState.ts's.
import type { Client } from './createClient';
import { hydrate } from '../state';
import { parseState } from './serializeState';

// Which state texts each client merged: a render repeated by the framework (React's
// StrictMode and Suspense retries, a Svelte effect run again) must not put older
// server data over newer browser data.
const merged = new WeakMap<Client, Set<string>>();

/**
 * Merges a state from `serializeState` (a server render's, handed over as text) into
 * `client`, once per client and text: the same text again does nothing. For the
 * framework recipes (`@resto/react/next`, `@resto/svelte/kit`) and your own.
 *
 * @example
 * hydrateOnce(client, data.resto); // in a layout that may run again with the same data
 */
export function hydrateOnce(client: Client, state: string | null | undefined): void {
  if (!state) return;
  let seen = merged.get(client);
  if (!seen) merged.set(client, (seen = new Set()));
  if (seen.has(state)) return;
  seen.add(state);
  void hydrate(client, parseState(state));
}
