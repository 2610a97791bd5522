import { mount } from '@vue/test-utils';
import { defineComponent, h, nextTick, onErrorCaptured, reactive, Suspense } from 'vue';
import { createResto } from '../context';
import { dataClientFor, testHandles, type DataClientTestOptions, type MountDataClientResult } from './mountDataClient';

/** What {@link renderDataCompose} resolves to (data-client's shape, plus `client`). */
export interface RenderDataComposeResult<R> extends Omit<MountDataClientResult, 'waitForNextUpdate' | 'app'> {
  /**
   * The composable's return value itself: `{ data, loading, error }` refs for `useDLE`,
   * the promise of a ref for `useSuspense` (`await result`).
   */
  readonly result: R;
  /**
   * A returned promise still pending: resolves once it settles (or after `timeout`
   * ms, default 1000, as data-client gives up quietly). Otherwise: once the fetches
   * in flight settled and Vue flushed.
   */
  waitForNextUpdate(options?: { timeout?: number }): Promise<void>;
}

/**
 * Runs a composable in a component's `setup()` with Resto installed on a fixture
 * client, as data-client's Vue `renderDataCompose` does: resolves (once the
 * composable ran) to `{ result, wrapper, controller, cleanup, allSettled,
 * waitForNextUpdate }`, where `result` is the composable's return value itself.
 * `props` (a `reactive()` object) is the composable's argument.
 *
 * @example
 * const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(ArticleResource.get, { id: 5 }), {
 *   resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi' } }],
 * });
 * expect(result.loading.value).toBe(true);
 * await waitForNextUpdate();
 * expect(result.data.value?.title).toBe('hi');
 * cleanup();
 *
 * @example
 * // useSuspense gives a promise: the result is that promise.
 * const { result } = await renderDataCompose(() => useSuspense(ArticleResource.get, { id: 5 }), { resolverFixtures });
 * const article = await result;
 * expect(article.value.title).toBe('hi');
 */
export async function renderDataCompose<R, P extends object = Record<string, any>>(
  composable: (props: P) => R,
  options: DataClientTestOptions<P> = {},
): Promise<RenderDataComposeResult<R>> {
  const { client, tracker } = dataClientFor(options);
  const props = (options.props ?? reactive({})) as P;
  let value!: R;
  let ran = false;
  let setupError: unknown;
  // A returned promise: whether it settled, and who waits for that.
  let pending = false;
  let onSettle: (() => void) | undefined;
  const Host = defineComponent({
    name: 'TestComposableComponent',
    setup() {
      value = composable(props);
      ran = true;
      if (value instanceof Promise) {
        pending = true;
        const settle = () => {
          pending = false;
          onSettle?.();
        };
        // The rejection stays the caller's (`await result`); this only observes it.
        value.then(settle, settle);
      }
      return () => h('div', { 'data-testid': 'composable-result' });
    },
  });
  const Root = defineComponent({
    name: 'DataComposeRoot',
    setup() {
      // A throwing composable fails renderDataCompose with its own error; later errors
      // (a ref read in render) stay in the test's hands rather than Vue's warnings.
      onErrorCaptured((e) => {
        if (!ran) setupError = e;
        return false;
      });
      return () => h(Suspense, null, { default: () => h(Host) });
    },
  });
  const wrapper = mount(Root, { global: { plugins: [createResto({ client })] } });
  // setup() ran during mount.
  if (!ran) throw setupError ?? new Error('renderDataCompose: the composable did not run');
  await nextTick();
  const handles = testHandles(client, tracker, wrapper);
  return {
    result: value,
    wrapper,
    controller: client.controller,
    client,
    ...handles,
    async waitForNextUpdate({ timeout = 1000 } = {}) {
      if (pending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeout);
          onSettle = () => {
            clearTimeout(timer);
            onSettle = undefined;
            resolve();
          };
        });
        await nextTick();
        return;
      }
      await handles.allSettled();
      await nextTick();
    },
  };
}
