// @resto/svelte/test: mock clients and checks for component tests, over @resto/core/mock.
import type { Client, ClientOptions } from '@resto/core';
import { createMockClient, mockInitialState, type Fixture, type FixtureOrInterceptor } from '@resto/core/mock';
import { clientContext } from '../context';

export { createMockClient, mockInitialState, MockManager } from '@resto/core/mock';
export type { Fixture, FixtureOrInterceptor, Interceptor } from '@resto/core/mock';

/** Options of {@link mockClient}. */
export interface MockClientOptions extends ClientOptions {
  /** What a call no fixture answers does: fail (default) or go to the network. */
  readonly unmatched?: 'network' | 'error';
  /** Store the exact-args fixtures up front, as if fetched now (default true). */
  readonly prefill?: boolean;
}

/**
 * A client answered by fixtures and interceptors, with the `context` to hand to
 * testing-library's `render` or Svelte's `mount`. Exact-args fixtures are stored
 * up front (so reads render at once); later calls are answered by the fixtures too.
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
  const exact = fixtures.filter((f): f is Fixture => 'args' in f && !f.delay);
  const client = createMockClient(fixtures, {
    ...options,
    ...(prefill && !options.initialState ? { initialState: mockInitialState(exact) } : null),
  });
  return { client, context: clientContext(client) };
}

/**
 * Counts the store subscriptions of a client (every active read holds one), to
 * check that unmounted components let go of everything.
 *
 * @example
 * const subs = countSubscriptions(client);
 * const { unmount } = render(TodoList, { context: clientContext(client) });
 * unmount();
 * await tick();
 * expect(subs.active).toBe(0);
 */
export function countSubscriptions(client: Client): { readonly active: number; readonly peak: number; restore(): void } {
  const original = client.subscribe;
  let active = 0;
  let peak = 0;
  const counting = (listener: () => void) => {
    const stop = original.call(client, listener);
    active++;
    peak = Math.max(peak, active);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      active--;
      stop();
    };
  };
  (client as { subscribe: Client['subscribe'] }).subscribe = counting;
  return {
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
    restore() {
      (client as { subscribe: Client['subscribe'] }).subscribe = original;
    },
  };
}
