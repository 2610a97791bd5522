import type { ReactNode } from 'react';
import { createClient, type Client, type DehydratedState, type Manager, type State } from '@resto/core';
import { ClientContext } from './context';
import { RevealContext, useRevealState } from './reveal';
import { useOwnedClient } from './useOwnedClient';

/** Props of {@link DataProvider}. */
export interface DataProviderProps {
  readonly children?: ReactNode;
  /** A client made with `createClient()` (shared with code outside React, or with tests). */
  readonly client?: Client;
  /** Managers for the client the provider creates (default: network, GC). */
  readonly managers?: readonly Manager[];
  /**
   * A prefilled store for the client the provider creates: a State, or a snapshot from
   * `dehydrate(client)` (in a server-rendered page, `parseState(text)` of what
   * `serializeState()` wrote). Hydrated data is fresh until its own expiry: hydrating
   * the server's HTML makes no request for it.
   */
  readonly initialState?: State | DehydratedState;
  /** Accepted so a ported app's JSX compiles; Resto has no dev-tools button (it is ignored). */
  readonly devButton?: unknown;
}

/**
 * Gives every hook below it one normalized store. Pass a `client`, or let it create
 * one with the default managers (network, garbage collection; the polling hooks bring polling); a client it
 * created is destroyed when the provider unmounts. `managers` and `initialState` are
 * read once.
 *
 * @example
 * const root = createRoot(document.getElementById('app')!);
 * root.render(
 *   <DataProvider>
 *     <AsyncBoundary fallback={<Spinner />}>
 *       <TodoList />
 *     </AsyncBoundary>
 *   </DataProvider>,
 * );
 *
 * @example
 * // Hydrating server-rendered HTML (the server used createClient({ ssr: true }) and
 * // embedded serializeState(dehydrate(client)) in <script id="resto-state">):
 * const state = parseState(document.getElementById('resto-state')!.textContent!);
 * hydrateRoot(document.getElementById('app')!, <DataProvider initialState={state}><App /></DataProvider>);
 */
export function DataProvider({ children, client, managers, initialState }: DataProviderProps) {
  // On a server no effect runs, so nothing would ever destroy a browser-mode client:
  // its polling, revalidation and GC would outlive the render. Server mode starts none.
  const own = useOwnedClient(client ? undefined : () => createClient({ managers, initialState, ssr: typeof document === 'undefined' }));
  // Reveals suspended reads as soon as their data is in (see reveal.ts).
  const reveal = useRevealState();
  return (
    <ClientContext.Provider value={client ?? own!}>
      <RevealContext.Provider value={reveal}>{children}</RevealContext.Provider>
    </ClientContext.Provider>
  );
}
