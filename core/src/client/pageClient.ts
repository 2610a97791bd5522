// The client a framework's root layout uses: a new server-mode one per render on a
// server, one for the page's life in the browser. Building it is createClient's.
import type { Manager } from '../managers/Manager';
import { createClient, type Client } from './createClient';

// One browser client for the page's life: a root layout that mounts again (or a
// second provider) must find the store the first one filled, not an empty one.
let browserClient: Client | undefined;

/**
 * The client of a framework's root layout. On a server, a new server-mode client for
 * each call (one per render: no timers, nothing shared between users; the caller
 * destroys it). In the browser, the one client of the page, made on the first call
 * with `managers` and kept across client-side navigations.
 *
 * @example
 * const client = pageClient(); // in a root layout component
 */
export function pageClient(options: { readonly managers?: readonly Manager[] } = {}): Client {
  if (typeof document === 'undefined') return createClient({ ssr: true });
  return (browserClient ??= createClient({ managers: options.managers }));
}
