// The shared adapter scenarios (@resto/testing/conformance), mounted the Vue way.
import { defineComponent, h, isRef, nextTick, onErrorCaptured, ref, Suspense, unref } from 'vue';
import { mount } from '@vue/test-utils';
import type { Client } from '@resto/core';
import { until } from '@resto/testing';
import { runConformance, type Harness, type Kind, type SuspenseState } from '@resto/testing/conformance';
import * as adapter from '../src';

const hooks = adapter as unknown as Record<string, (...args: any[]) => any>;

/** Vue gives refs where React gives values: read them. */
function unwrap(kind: Kind, r: any): any {
  if (kind === 'dle') return { data: r.data.value, loading: r.loading.value, error: r.error.value, retryCount: r.retryCount.value, refetch: r.refetch };
  if (kind === 'loading') return [r[0], unref(r[1]), unref(r[2])];
  if (kind === 'mutation') return { pending: r.pending.value, error: r.error.value, data: r.data.value, mutate: r.mutate, reset: r.reset };
  if (kind === 'pagination') {
    return { hasMore: r.hasMore.value, next: r.next.value, loading: r.loading.value, error: r.error.value, loadMore: r.loadMore };
  }
  return isRef(r) ? r.value : r;
}

const harness: Harness = {
  name: 'vue',
  hooks,
  async mount(client: Client, kind: Kind, use) {
    const id = ref<number | null>(1);
    let result: any;
    let suspense: SuspenseState = { status: 'pending' };
    let thrown: unknown;
    const Probe = defineComponent({
      async setup() {
        const r = use(hooks, () => id.value);
        if (kind === 'suspense') {
          const data = await (r as Promise<{ value: unknown }>);
          suspense = { status: 'data', data: data.value };
        } else result = r;
        return () => h('p', kind === 'dle' ? String(unwrap(kind, result).data?.title) : '');
      },
    });
    const Root = defineComponent({
      setup() {
        onErrorCaptured((error) => {
          if (kind === 'suspense') suspense = { status: 'error', error: error as Error };
          else thrown = error;
          return false;
        });
        return () => h(Suspense, null, { default: () => h(Probe), fallback: () => h('p', 'pending') });
      },
    });
    const wrapper = mount(Root, { global: { plugins: [[adapter.RestoPlugin, { client }]] } });
    await nextTick();
    await nextTick();
    if (thrown) {
      wrapper.unmount();
      throw thrown;
    }
    return {
      get value() {
        return kind === 'suspense' ? suspense : unwrap(kind, result);
      },
      async setId(next) {
        id.value = next;
        await nextTick();
      },
      unmount: () => wrapper.unmount(),
    };
  },
  async withoutClient(use) {
    let thrown: unknown;
    const Probe = defineComponent({
      setup() {
        use(hooks);
        return () => null;
      },
    });
    const Root = defineComponent({
      setup() {
        onErrorCaptured((error) => ((thrown = error), false));
        return () => h(Probe);
      },
    });
    mount(Root).unmount();
    return thrown;
  },
  waitFor: (check) => until(check),
};

runConformance(harness);
