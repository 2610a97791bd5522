import { Suspense, type ReactNode } from 'react';
import { renderHook, type RenderHookResult } from '@testing-library/react';
import type { Client, Controller } from '@resto/core';
import { DataProvider } from '../DataProvider';
import { useOwnedClient } from '../useOwnedClient';
import { createFixtureClient, type FixtureOptions } from './DataProviderWithFixtures';

/** Options of {@link renderDataHook}. */
export interface RenderDataHookOptions<P> extends FixtureOptions {
  /** Props of the first render (change them with `rerender(props)`). */
  readonly initialProps?: P;
  /** Use this client instead of a mock one (e.g. against a real server). */
  readonly client?: Client;
  /** Wraps the hook's component inside the provider (context the hook needs). */
  readonly wrapper?: (props: { children: ReactNode }) => ReactNode;
}

/** What {@link renderDataHook} returns: testing-library's result plus the store. */
export type RenderDataHookResult<R, P> = RenderHookResult<R, P> & {
  readonly client: Client;
  readonly controller: Controller;
};

/**
 * Renders a hook inside a provider whose fetches are answered by fixtures, under a
 * Suspense boundary: `result.current` is set once the hook stops suspending. Await
 * suspending renders with `act` or `waitFor`.
 *
 * @example
 * const { result } = renderDataHook(() => useSuspense(TodoResource.get, { id: 1 }), {
 *   fixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }],
 * });
 * await waitFor(() => expect(result.current.title).toBe('a'));
 */
export function renderDataHook<R, P = undefined>(
  hook: (props: P) => R,
  { initialProps, client, wrapper: Inner, ...fixtures }: RenderDataHookOptions<NoInfer<P>> = {},
): RenderDataHookResult<R, P> {
  const store = client ?? createFixtureClient(fixtures);
  // The mock client made here is destroyed when the hook unmounts (testing-library's cleanup).
  const owned = client ? undefined : () => store;
  function Wrapper({ children }: { children: ReactNode }) {
    useOwnedClient(owned);
    return (
      <DataProvider client={store}>
        <Suspense fallback={null}>{Inner ? <Inner>{children}</Inner> : children}</Suspense>
      </DataProvider>
    );
  }
  const wrapper = Wrapper;
  const rendered = renderHook(hook, { initialProps: initialProps as P, wrapper });
  return Object.assign(rendered, { client: store, controller: store.controller });
}
