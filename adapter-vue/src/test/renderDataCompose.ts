import { mount } from '@vue/test-utils';
import { defineComponent, h, isRef, onErrorCaptured, Suspense } from 'vue';
import { createResto } from '../context';
import { dataClientFor, renderCounter, testHandles, type DataClientTestOptions, type MountDataClientResult } from './mountDataClient';

/** What {@link renderDataCompose} returns. */
export interface RenderDataComposeResult<R> extends MountDataClientResult {
  /** The composable's value (a promise's value once it resolves); undefined while suspended. */
  readonly result: { readonly current: Awaited<R> | undefined; readonly error: Error | undefined };
}

// Reading the refs in render makes their changes re-render (and count as updates).
function touch(value: unknown): void {
  if (isRef(value)) void value.value;
  else if (value && typeof value === 'object') for (const v of Object.values(value)) if (isRef(v)) void v.value;
}

/**
 * Runs a composable in a component's `setup()` with Resto installed on a fixture
 * client, under `<Suspense>`, as data-client's Vue `renderDataCompose` does. A
 * composable returning a promise (useSuspense) makes the setup async.
 *
 * @example
 * const { result, waitForNextUpdate, cleanup } = renderDataCompose(() => useSuspense(ArticleResource.get, { id: 5 }), {
 *   resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi' } }],
 * });
 * await waitForNextUpdate();
 * expect(result.current?.value.title).toBe('hi');
 * cleanup();
 */
export function renderDataCompose<R>(
  composable: (props: Record<string, unknown> | undefined) => R,
  options: DataClientTestOptions = {},
): RenderDataComposeResult<R> {
  const client = dataClientFor(options);
  const counter = renderCounter();
  const state: { current: Awaited<R> | undefined; error: Error | undefined } = { current: undefined, error: undefined };
  const Host = defineComponent({
    name: 'DataComposeHost',
    setup() {
      const value = composable(options.props);
      const show = () => {
        touch(state.current);
        return null;
      };
      if (value instanceof Promise) {
        return value.then((resolved) => {
          state.current = resolved;
          return show;
        });
      }
      state.current = value as Awaited<R>;
      return show;
    },
    mounted: counter.bump,
    updated: counter.bump,
  });
  const Root = defineComponent({
    name: 'DataComposeRoot',
    setup() {
      onErrorCaptured((e) => {
        state.error = e as Error;
        counter.bump();
        return false;
      });
      return () => h(Suspense, null, { default: () => h(Host), fallback: () => null });
    },
  });
  const wrapper = mount(Root, { global: { plugins: [createResto({ client })] } });
  return {
    result: state,
    wrapper,
    client,
    controller: client.controller,
    ...testHandles(client, wrapper),
    waitForNextUpdate: ({ timeout } = {}) => counter.next(timeout),
  };
}
