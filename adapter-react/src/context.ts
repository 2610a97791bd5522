import { createContext, useContext } from 'react';
import type { Client } from '@resto/core';

/** The client every hook below a `DataProvider` reads from. */
export const ClientContext = createContext<Client | null>(null);

/**
 * The client of the nearest `DataProvider` (for devtools, tests, or reaching a
 * manager). Throws outside a provider, so a missing provider is found at once.
 *
 * @example
 * const client = useClient();
 * client.getSnapshot().entities;
 */
export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('@resto/react: no client found. Render this component inside <DataProvider>.');
  return client;
}
