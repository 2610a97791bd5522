import type { Client, Controller, Manager, State } from '@resto/core';
import { createMockClient, type Fixture, type FixtureOrInterceptor } from '@resto/core/mock';
import { mount, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h, Suspense, type Component } from 'vue';
import { createResto } from '../context';

/** Options of {@link mountDataClient} and `renderDataCompose` (as data-client's Vue test helpers). */
export interface DataClientTestOptions {
  /** Props for the component: a `reactive()` object keeps them live. */
  readonly props?: Record<string, unknown>;
  /** Stored before mounting, as if fetched just now. */
  readonly initialFixtures?: readonly Fixture[];
  /** Answer the fetches made while mounted: fixtures and interceptors. */
  readonly resolverFixtures?: readonly FixtureOrInterceptor[];
  /** `this` of every interceptor: a fake server state they share. */
  readonly getInitialInterceptorData?: () => Record<string, unknown>;
  /** Managers after the mock one (default: network, polling, GC). */
  readonly managers?: readonly Manager[];
  /** A whole prefilled store (wins over `initialFixtures`). */
  readonly initialState?: State;
}

/** What {@link mountDataClient} returns. */
export interface MountDataClientResult {
  readonly wrapper: VueWrapper<any>;
  readonly client: Client;
  readonly controller: Controller;
  /** Unmounts and destroys the client (call it after each test). */
  cleanup(): void;
  /** Resolves once no fetch is in flight and Vue rendered. */
  allSettled(): Promise<void>;
  /** Resolves at the next render of the tree (e.g. when Suspense resolves); rejects after `timeout` ms. */
  waitForNextUpdate(options?: { timeout?: number }): Promise<void>;
}

/** Counts renders of a subtree, for waitForNextUpdate. @internal */
export function renderCounter() {
  let renders = 0;
  return {
    bump: () => void renders++,
    async next(timeout = 1000): Promise<void> {
      const start = renders;
      const until = Date.now() + timeout;
      while (renders === start) {
        if (Date.now() > until) throw new Error(`waitForNextUpdate: nothing rendered again within ${timeout}ms`);
        await new Promise((r) => setTimeout(r, 1));
      }
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

/** A mounted tree's client helpers: allSettled, cleanup. @internal */
export function testHandles(client: Client, wrapper: VueWrapper<any>) {
  let done = false;
  return {
    cleanup() {
      if (done) return;
      done = true;
      wrapper.unmount();
      client.destroy();
    },
    async allSettled() {
      const network = client.managers.find((m) => 'pending' in m) as { pending: number } | undefined;
      do await new Promise((r) => setTimeout(r, 0));
      while (network && network.pending > 0);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

/** The fixture client every data-client-style helper mounts with. @internal */
export function dataClientFor(options: DataClientTestOptions): Client {
  return createMockClient(options.resolverFixtures ?? [], {
    initialFixtures: options.initialFixtures,
    getInitialInterceptorData: options.getInitialInterceptorData,
    managers: options.managers,
    initialState: options.initialState,
  });
}

/**
 * Mounts a component with Resto installed on a fixture client, under `<Suspense>`
 * (its fallback is a `data-testid="suspense-fallback"` element), as data-client's
 * Vue `mountDataClient` does.
 *
 * @example
 * const props = reactive({ id: 5 });
 * const { wrapper, waitForNextUpdate, cleanup } = mountDataClient(ArticleDetail, {
 *   props,
 *   resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi' } }],
 * });
 * await waitForNextUpdate();
 * expect(wrapper.find('h3').text()).toBe('hi');
 * cleanup();
 */
export function mountDataClient(component: Component, options: DataClientTestOptions = {}): MountDataClientResult {
  const client = dataClientFor(options);
  const counter = renderCounter();
  const props = options.props;
  const Root = defineComponent({
    name: 'DataClientTestRoot',
    updated: counter.bump,
    mounted: counter.bump,
    setup: () => () =>
      h(
        Suspense,
        { onResolve: counter.bump },
        {
          default: () => h(component, props ? { ...props } : null),
          fallback: () => h('div', { 'data-testid': 'suspense-fallback' }, 'Loading...'),
        },
      ),
  });
  const wrapper = mount(Root, { global: { plugins: [createResto({ client })] } });
  return {
    wrapper,
    client,
    controller: client.controller,
    ...testHandles(client, wrapper),
    waitForNextUpdate: ({ timeout } = {}) => counter.next(timeout),
  };
}

/**
 * Waits (macrotask by macrotask) until `check()` is true, failing after `timeout` ms:
 * for fetches and Suspense to settle in a mounted tree.
 *
 * @example
 * await flushUntil(wrapper, () => wrapper.find('h3').exists());
 */
export async function flushUntil(_wrapper: VueWrapper<any> | undefined, check: () => boolean, timeout = 2000): Promise<void> {
  const until = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > until) throw new Error(`flushUntil: the condition was not met within ${timeout}ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
}
