import { type Client, type Controller, type Manager, type State } from '@resto/core';
import { createDataClientMock, nextMacrotask, type Fixture, type FixtureOrInterceptor } from '@resto/core/mock';
import { mount, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h, reactive, Suspense, type Component } from 'vue';
import { createResto } from '../context';
import { SettledTracker } from './settled';

/** Options of {@link mountDataClient} and `renderDataCompose` (as data-client's Vue test helpers). */
export interface DataClientTestOptions<P extends object = Record<string, unknown>> {
  /** Props for the component (or the composable's argument): a `reactive()` object keeps them live. */
  readonly props?: P;
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
  /** A component the tested one renders inside (its default slot), with the same props. */
  readonly wrapper?: Component;
  /**
   * A fetch no resolver fixture matches: goes to the network (the default, as in
   * data-client: nock, a test server), or fails with status 404 ('error').
   */
  readonly unmatched?: 'network' | 'error';
}

/** What {@link mountDataClient} returns (data-client's `RenderDataClientResult`, plus `client`). */
export interface MountDataClientResult {
  readonly wrapper: VueWrapper<any>;
  readonly controller: Controller;
  /** The mounted root component's instance (`wrapper.vm`). */
  readonly app: VueWrapper<any>['vm'];
  readonly client: Client;
  /** Unmounts and destroys the client (call it after each test). */
  cleanup(): void;
  /** Resolves once no fetch is in flight, with the outcomes of those it waited for. */
  allSettled(): Promise<PromiseSettledResult<unknown>[]>;
  /** Resolves at the next render of the tree (e.g. when Suspense resolves); rejects after `timeout` ms. Resto only. */
  waitForNextUpdate(options?: { timeout?: number }): Promise<void>;
}

/** data-client's name of {@link DataClientTestOptions}. */
export type RenderDataClientOptions<P extends object = Record<string, unknown>> = DataClientTestOptions<P>;
/** data-client's name of {@link MountDataClientResult}. */
export type RenderDataClientResult = MountDataClientResult;

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

/** The fixture client every data-client-style helper mounts with, and its fetch tracker. @internal */
export function dataClientFor(options: DataClientTestOptions<object>): { client: Client; tracker: SettledTracker } {
  const tracker = new SettledTracker();
  const client = createDataClientMock(
    options.resolverFixtures ?? [],
    {
      unmatched: options.unmatched,
      initialFixtures: options.initialFixtures,
      getInitialInterceptorData: options.getInitialInterceptorData,
      managers: options.managers,
      initialState: options.initialState,
    },
    tracker,
  );
  return { client, tracker };
}

/** A mounted tree's handles: cleanup (once), allSettled. @internal */
export function testHandles(client: Client, tracker: SettledTracker, wrapper: VueWrapper<any>) {
  let done = false;
  return {
    cleanup() {
      if (done) return;
      done = true;
      wrapper.unmount();
      client.destroy();
    },
    async allSettled() {
      const results = await tracker.allSettled();
      // Renders the settled fetches caused run in the next ticks.
      await nextMacrotask();
      return results;
    },
  };
}

/**
 * Mounts a component with Resto installed on a fixture client, under `<Suspense>`
 * (its fallback is a `data-testid="suspense-fallback"` element), as data-client's
 * Vue `mountDataClient` does: returns `{ wrapper, controller, app, cleanup, allSettled }`.
 *
 * @example
 * const props = reactive({ id: 5 });
 * const { wrapper, allSettled, cleanup } = mountDataClient(ArticleDetail, {
 *   props,
 *   resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi' } }],
 * });
 * await allSettled();
 * expect(wrapper.find('h3').text()).toBe('hi');
 * cleanup();
 */
export function mountDataClient<P extends object = Record<string, unknown>>(
  component: Component,
  options: DataClientTestOptions<P> = {},
): MountDataClientResult {
  const { client, tracker } = dataClientFor(options);
  const counter = renderCounter();
  const props = options.props ?? reactive({});
  const Inner = options.wrapper;
  const Root = defineComponent({
    name: 'DataClientTestRoot',
    updated: counter.bump,
    mounted: counter.bump,
    // Spread in render: reading each prop here keeps a reactive `props` live.
    setup: () => () =>
      h(
        Suspense,
        { onResolve: counter.bump },
        {
          default: () => (Inner ? h(Inner, { ...props }, () => h(component, { ...props })) : h(component, { ...props })),
          fallback: () => h('div', { 'data-testid': 'suspense-fallback' }, 'Loading...'),
        },
      ),
  });
  const wrapper = mount(Root, { global: { plugins: [createResto({ client })] } });
  return {
    wrapper,
    controller: client.controller,
    app: wrapper.vm,
    client,
    ...testHandles(client, tracker, wrapper),
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
