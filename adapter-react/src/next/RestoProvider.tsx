'use client';
// A client module ('use client'): Next renders it on the server (once per render
// pass) and hydrates it in the browser. Server components hand it state as text.
import { useState, type ReactNode } from 'react';
import { hydrateOnce, pageClient, type Manager } from '@resto/core';
import { DataProvider } from '../DataProvider';
import { useClient } from '../context';

/** Props of {@link RestoProvider}. */
export interface RestoProviderProps {
  readonly children?: ReactNode;
  /** Text from `prefetch()` in a server component: merged into the store before the children read. */
  readonly state?: string | null;
  /** Managers of the browser client (default: network, GC). Read once. */
  readonly managers?: readonly Manager[];
}

/**
 * The provider for Next.js's App Router: put it in the root layout. On the server
 * each render gets its own server-mode client (no timers; nothing is shared between
 * requests); in the browser there is one client for the page's life, kept across
 * navigations. `state` (from {@link prefetch} in a server component) is merged in
 * before the children render, so their `useSuspense` finds the data: the server
 * makes no second request and the browser none at all.
 *
 * @example
 * // app/layout.tsx (a server component)
 * import { RestoProvider } from '@resto/react/next';
 * export default function RootLayout({ children }: { children: React.ReactNode }) {
 *   return <html lang="en"><body><RestoProvider>{children}</RestoProvider></body></html>;
 * }
 */
export function RestoProvider({ children, state, managers }: RestoProviderProps) {
  const [client] = useState(() => pageClient({ managers }));
  hydrateOnce(client, state);
  // The browser client outlives the provider on purpose: DataProvider never destroys a given client.
  return <DataProvider client={client}>{children}</DataProvider>;
}

/** Props of {@link HydrateState}. */
export interface HydrateStateProps {
  readonly children?: ReactNode;
  /** Text from `prefetch()` in a server component. */
  readonly state: string | null | undefined;
}

/**
 * Merges a page's prefetched state into the client of the nearest provider before
 * its children render: one per page (or per streamed section) under a layout's
 * {@link RestoProvider}. After a client-side navigation the browser store gains the
 * new page's data and refetches nothing it already had.
 *
 * @example
 * // app/todos/[id]/page.tsx (a server component)
 * const state = await prefetch((ctrl) => ctrl.fetch(TodoResource.get, { id }));
 * return <HydrateState state={state}><TodoDetail id={id} /></HydrateState>;
 */
export function HydrateState({ children, state }: HydrateStateProps) {
  hydrateOnce(useClient(), state);
  return <>{children}</>;
}
