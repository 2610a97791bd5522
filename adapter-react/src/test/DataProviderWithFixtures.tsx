import type { ReactNode } from 'react';
import type { Client } from '@resto/core';
import { createMockClient, type FixtureOrInterceptor, type MockClientOptions } from '@resto/core/mock';
import { DataProvider } from '../DataProvider';
import { useOwnedClient } from '../useOwnedClient';

/**
 * Options shared by the test helpers: core's `createMockClient` options
 * (`initialFixtures`, `initialState`, `unmatched`, `prefill`, `managers`) plus the
 * fixtures themselves.
 */
export interface FixtureOptions extends MockClientOptions {
  /** Answers for fetches: fixtures (exact args) and interceptors (matched by testKey). */
  readonly fixtures?: readonly FixtureOrInterceptor[];
}

/**
 * Builds the mock client the helpers render with: core's `createMockClient`.
 *
 * @example
 * const client = createFixtureClient({ initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: todo }] });
 */
export function createFixtureClient({ fixtures = [], ...options }: FixtureOptions = {}) {
  return createMockClient(fixtures, options);
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
