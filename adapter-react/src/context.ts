import { createContext, useContext } from 'react';
import { adapterError, isDevelopment, type Client } from '@resto/core';

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
  if (!client) throw adapterError('useClient()', 'no client in context', isDevelopment && 'render this component inside <DataProvider>', 30);
  return client;
}
