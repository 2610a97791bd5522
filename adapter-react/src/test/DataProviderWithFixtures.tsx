import type { ReactNode } from 'react';
import type { Client, State } from '@resto/core';
import { createMockClient, mockInitialState, type Fixture, type FixtureOrInterceptor } from '@resto/core/mock';
import { DataProvider } from '../DataProvider';
import { useOwnedClient } from '../useOwnedClient';

/** Options shared by the test helpers. */
export interface FixtureOptions {
  /** Answers for fetches: fixtures (exact args) and interceptors (matched by testKey). */
  readonly fixtures?: readonly FixtureOrInterceptor[];
  /** Stored before the first render, as if fetched just now. */
  readonly initialFixtures?: readonly Fixture[];
  /** A whole prefilled State (wins over `initialFixtures`). */
  readonly initialState?: State;
  /** What a fetch that matches no fixture does: fail with status 404 (default) or hit the network. */
  readonly unmatched?: 'network' | 'error';
}

/** Builds the mock client the helpers render with. */
export function createFixtureClient({ fixtures = [], initialFixtures, initialState, unmatched = 'error' }: FixtureOptions = {}) {
  return createMockClient(fixtures, {
    unmatched,
    initialState: initialState ?? (initialFixtures ? mockInitialState(initialFixtures) : undefined),
  });
}

/**
 * A `DataProvider` whose fetches are answered by fixtures: for stories, component
 * tests and demos. Pass `client` to reach the store from the test (it is then
 * yours to destroy).
 *
 * @example
 * render(
 *   <DataProviderWithFixtures fixtures={[{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }]}>
 *     <TodoDetail id={1} />
 *   </DataProviderWithFixtures>,
 * );
 */
export function DataProviderWithFixtures({ children, client, ...options }: FixtureOptions & { children?: ReactNode; client?: Client }) {
  // Options are read once, like a real app's store; a client made here is destroyed on unmount.
  const own = useOwnedClient(client ? undefined : () => createFixtureClient(options));
  return <DataProvider client={client ?? own!}>{children}</DataProvider>;
}
