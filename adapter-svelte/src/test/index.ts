// @resto/svelte/test: mock clients and checks for component tests, over @resto/core/mock.
import type { Client } from '@resto/core';
import { createMockClient, type FixtureOrInterceptor, type MockClientOptions as CoreMockClientOptions } from '@resto/core/mock';
import { clientContext } from '../context.js';

export { createMockClient, mockInitialState, MockManager } from '@resto/core/mock';
export type { FetchInterceptor, Fixture, FixtureOrInterceptor, Interceptor } from '@resto/core/mock';

/** Options of {@link mockClient}: core's `createMockClient` options, with `prefill` on by default. */
export type MockClientOptions = CoreMockClientOptions;

/**
 * A client answered by fixtures and interceptors (core's `createMockClient`), with
 * the `context` to hand to testing-library's `render` or Svelte's `mount`.
 * Exact-args fixtures are stored up front unless `prefill: false` (so reads render at
 * once); later calls are answered by the fixtures too.
 *
 * @example
 * const { client, context } = mockClient([
 *   { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
 * ]);
 * render(TodoDetail, { props: { id: 1 }, context });
 * expect(screen.getByText('a')).toBeTruthy();
 * client.destroy();
 */
export function mockClient(fixtures: readonly FixtureOrInterceptor[], { prefill = true, ...options }: MockClientOptions = {}) {
  const client = createMockClient(fixtures, { prefill, ...options });
  return { client, context: clientContext(client) };
}

/**
 * The store subscriptions a client holds beyond those it had when this was called
 * (every active read holds one), from core's `client.listenerCount`: to check that
 * unmounted components let go of everything.
 *
 * @example
 * const subs = countSubscriptions(client);
 * const { unmount } = render(TodoList, { context: clientContext(client) });
 * unmount();
 * await tick();
 * expect(subs.active).toBe(0);
 */
export function countSubscriptions(client: Client): { readonly active: number } {
  const before = client.listenerCount;
  return {
    get active() {
      return client.listenerCount - before;
    },
  };
}
