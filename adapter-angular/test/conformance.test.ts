// The shared adapter scenarios (@resto/testing/conformance), mounted the Angular way.
import { signal } from '@angular/core';
import type { Client } from '@resto/core';
import { until } from '@resto/testing';
import { runConformance, type Harness, type Kind, type SuspenseState } from '@resto/testing/conformance';
import * as adapter from '../src';
import { component, mountApp } from './harness';

const hooks = adapter as unknown as Record<string, (...args: any[]) => any>;

/** Angular gives signals where React gives values: read them. */
function unwrap(kind: Kind, r: any): any {
  if (kind === 'dle') return { data: r.data(), loading: r.loading(), error: r.error(), retryCount: r.retryCount(), refetch: r.refetch };
  if (kind === 'loading') return [r[0], r[1](), r[2]()];
  if (kind === 'mutation') return { pending: r.pending(), error: r.error(), data: r.data(), mutate: r.mutate, reset: r.reset };
  if (kind === 'pagination') return { hasMore: r.hasMore(), next: r.next(), loading: r.loading(), error: r.error(), loadMore: r.loadMore };
  if (kind === 'suspense') {
    const read = r();
    if (read.status === 'ready') return { status: 'data', data: read.data } satisfies SuspenseState;
    if (read.status === 'error') return { status: 'error', error: read.error } satisfies SuspenseState;
    return { status: 'pending' } satisfies SuspenseState;
  }
  return typeof r === 'function' ? r() : r;
}

const harness: Harness = {
  name: 'angular',
  hooks,
  async mount(client: Client, kind: Kind, use) {
    const id = signal<number | null>(1);
    const Probe = component(
      '<p>{{ shown() }}</p>',
      class {
        readonly result = use(hooks, () => id());
        // The template reads the result, so change detection follows it as an app's would.
        shown = () => String(kind === 'dle' ? unwrap(kind, this.result).data?.title : '');
      },
    );
    const m = await mountApp(Probe, [adapter.provideResto({ client })]);
    return {
      get value() {
        return unwrap(kind, m.component.result);
      },
      async setId(next) {
        id.set(next);
        await m.stable();
      },
      unmount: () => m.destroy(),
    };
  },
  async withoutClient(use) {
    const Probe = component('<p></p>', class {
      readonly result = use(hooks);
    });
    try {
      (await mountApp(Probe, [])).destroy();
    } catch (error) {
      return error;
    }
    return undefined;
  },
  waitFor: (check) => until(check),
};

runConformance(harness);
