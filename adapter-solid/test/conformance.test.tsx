/** @jsxImportSource solid-js */
// The shared adapter scenarios (@resto/testing/conformance), mounted the Solid way.
import { render } from '@solidjs/testing-library';
import { createSignal, ErrorBoundary, Show, Suspense, type JSX } from 'solid-js';
import type { Client } from '@resto/core';
import { until } from '@resto/testing';
import { runConformance, type Harness, type Kind, type SuspenseState } from '@resto/testing/conformance';
import * as adapter from '../src';

const hooks = adapter as unknown as Record<string, (...args: any[]) => any>;

/** Solid gives accessors where React gives values: call them. */
function unwrap(kind: Kind, r: any): any {
  if (kind === 'dle') return { data: r.data(), loading: r.loading(), error: r.error(), retryCount: r.retryCount(), refetch: r.refetch };
  if (kind === 'loading') return [r[0], r[1](), r[2]()];
  if (kind === 'mutation') return { pending: r.pending(), error: r.error(), data: r.data(), mutate: r.mutate, reset: r.reset };
  if (kind === 'pagination') return { hasMore: r.hasMore(), next: r.next(), loading: r.loading(), error: r.error(), loadMore: r.loadMore };
  // useCache, useQuery, useFetch give an accessor; useController, useClient a plain object.
  return typeof r === 'function' ? r() : r;
}

const harness: Harness = {
  name: 'solid',
  hooks,
  async mount(client: Client, kind: Kind, use) {
    const [id, setId] = createSignal<number | null>(1);
    let result: any;
    let thrown: unknown;
    let data: unknown;
    let failure: (Error & { status?: number }) | undefined;
    function Probe(): JSX.Element {
      result = use(hooks, id);
      // Reading the accessor in the view is what suspends the boundary.
      return (
        <Show when={kind === 'suspense'}>
          <p data-testid="data">{String((data = result())?.title)}</p>
        </Show>
      );
    }
    const view = render(() => (
      <adapter.RestoProvider client={client}>
        <ErrorBoundary
          fallback={(error) => {
            if (kind === 'suspense') failure = error;
            else thrown = error;
            return <p data-testid="failed">failed</p>;
          }}
        >
          <Suspense fallback={<p data-testid="pending">pending</p>}>
            <Probe />
          </Suspense>
        </ErrorBoundary>
      </adapter.RestoProvider>
    ));
    if (thrown) {
      view.unmount();
      throw thrown;
    }
    // What the page shows decides the state: Solid renders suspended children off-screen too.
    const shown = (): SuspenseState => {
      if (view.queryByTestId('failed')) return { status: 'error', error: failure! };
      if (view.queryByTestId('pending')) return { status: 'pending' };
      return { status: 'data', data };
    };
    return {
      get value() {
        return kind === 'suspense' ? shown() : unwrap(kind, result);
      },
      async setId(next) {
        setId(next);
      },
      unmount: () => view.unmount(),
    };
  },
  async withoutClient(use) {
    let thrown: unknown;
    function Probe(): JSX.Element {
      use(hooks);
      return null;
    }
    const view = render(() => (
      <ErrorBoundary fallback={(error) => ((thrown = error), null)}>
        <Probe />
      </ErrorBoundary>
    ));
    view.unmount();
    return thrown;
  },
  waitFor: (check) => until(check),
};

runConformance(harness);
