import type { Client, Manager } from '@resto/core';
import { createMockClient, type Fixture, type FixtureOrInterceptor, type MockManager } from '@resto/core/mock';
import { mount, type ComponentMountingOptions, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h, Suspense, type App, type Component } from 'vue';
import { createResto } from '../context';

// What `@data-client/vue/test` exports, under the same names.
export {
  flushUntil,
  mountDataClient,
  type DataClientTestOptions,
  type MountDataClientResult,
  type RenderDataClientOptions,
  type RenderDataClientResult,
} from './mountDataClient';
export { renderDataCompose, type RenderDataComposeResult } from './renderDataCompose';
export {
  mockInitialState,
  type ErrorFixture,
  type ErrorFixtureEndpoint,
  type Fixture,
  type FixtureEndpoint,
  type FetchInterceptor,
  type FixtureOrInterceptor,
  type Interceptor,
  type SuccessFixture,
  type SuccessFixtureEndpoint,
} from '@resto/core/mock';

/** Options of {@link mountWithResto}. */
export interface RestoMountOptions {
  /** Answers fetches: exact fixtures and interceptors (`@resto/core/mock`). */
  readonly fixtures?: readonly FixtureOrInterceptor[];
  /** Stored before mounting, as if fetched just now. */
  readonly initialFixtures?: readonly Fixture[];
  /** What happens to a fetch no fixture matches (default 'error': a 404). */
  readonly unmatched?: 'network' | 'error';
  /** Managers after the mock one (default: network, polling, GC). */
  readonly managers?: readonly Manager[];
  /** Use this client as it is instead of building one (fixtures are then ignored). */
  readonly client?: Client;
  /** Wrap the component in `<Suspense>` (for async setup with useSuspense/useLive). */
  readonly suspense?: boolean | { fallback: () => unknown };
  /** Props for the component. */
  readonly props?: Record<string, unknown>;
  /** Anything else @vue/test-utils' mount takes (global components, stubs…). */
  readonly mountOptions?: ComponentMountingOptions<any>;
}

/**
 * A client answering from fixtures, for tests and stories: core's `createMockClient`.
 *
 * @example
 * const client = createFixtureClient({ fixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: todo }] });
 */
export function createFixtureClient({
  fixtures = [],
  ...options
}: Pick<RestoMountOptions, 'fixtures' | 'initialFixtures' | 'unmatched' | 'managers'> = {}): Client & { mock: MockManager } {
  return createMockClient(fixtures, options);
}

/**
 * Mounts a component with the Resto plugin installed on a fixture client.
 * Returns the @vue/test-utils wrapper and the client (to mutate or inspect); a
 * client built here is destroyed when the wrapper unmounts.
 *
 * @example
 * const { wrapper, client } = mountWithResto(TodoDetail, {
 *   props: { id: 1 },
 *   suspense: true,
 *   fixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }],
 * });
 * await flushResto();
 * expect(wrapper.text()).toContain('a');
 */
export function mountWithResto(
  component: Component,
  options: RestoMountOptions = {},
): { wrapper: VueWrapper<any>; client: Client } {
  const client = options.client ?? createFixtureClient(options);
  // A client made here is ours to stop (GC interval, polling) when the test unmounts.
  const owned = options.client ? [] : [{ install: (app: App) => app.onUnmount(() => client.destroy()) }];
  const { suspense, props, mountOptions = {} } = options;
  const fallback = typeof suspense === 'object' ? suspense.fallback : () => 'loading';
  const root = suspense
    ? defineComponent({ name: 'RestoSuspenseRoot', setup: () => () => h(Suspense, null, { default: () => h(component, props), fallback }) })
    : component;
  const wrapper = mount(root as any, {
    ...mountOptions,
    ...(suspense ? null : { props }),
    global: { ...mountOptions.global, plugins: [...(mountOptions.global?.plugins ?? []), createResto({ client }), ...owned] },
  });
  return { wrapper, client };
}

/**
 * Waits until pending fetches, store notifications and Vue renders settled: a few
 * macrotasks (fixtures answer in one, renders follow in microtasks).
 *
 * @example
 * await flushResto();
 */
export async function flushResto(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
