// The shared adapter scenarios (@resto/testing/conformance), mounted the Svelte way.
import { render } from '@testing-library/svelte';
import { flushSync, tick } from 'svelte';
import type { Client } from '@resto/core';
import { until } from '@resto/testing';
import { runConformance, type Harness, type Kind, type SuspenseState } from '@resto/testing/conformance';
import * as adapter from '../src';
import Conformance from './fixtures/Conformance.svelte';

const hooks = adapter as unknown as Record<string, (...args: any[]) => any>;

const isRead = (v: any) => v !== null && typeof v === 'object' && 'current' in v && 'subscribe' in v;

/** Svelte gives reads (`.current`) where React gives values: read them. */
function unwrap(kind: Kind, r: any): any {
  if (kind === 'dle') return { ...r.current, refetch: r.refetch };
  if (kind === 'loading') return [r[0], r[1].current, r[2].current];
  if (kind === 'mutation') return { ...r.current, mutate: r.mutate, reset: r.reset };
  if (kind === 'pagination') return { ...r.current, loadMore: r.loadMore };
  if (kind === 'suspense') {
    // Svelte's suspense contract: `current` is the data, undefined while waiting, and throws the error.
    try {
      const data = r.current;
      return (data === undefined ? { status: 'pending' } : { status: 'data', data }) satisfies SuspenseState;
    } catch (error) {
      return { status: 'error', error: error as Error } satisfies SuspenseState;
    }
  }
  return isRead(r) ? r.current : r;
}

const harness: Harness = {
  name: 'svelte',
  hooks,
  async mount(client: Client, kind: Kind, use) {
    let api!: { result: unknown; set: (id: number | null) => void };
    const view = render(Conformance, {
      props: {
        use: (id: () => number | null) => use(hooks, id),
        expose: (a: typeof api) => (api = a),
        show: (r: unknown) => {
          const v = unwrap(kind, r);
          return kind === 'suspense' ? v.status : '';
        },
      },
      context: adapter.clientContext(client),
    });
    return {
      get value() {
        return unwrap(kind, api.result);
      },
      async setId(id) {
        api.set(id);
        flushSync();
        await tick();
      },
      unmount: () => view.unmount(),
    };
  },
  async withoutClient(use) {
    try {
      render(Conformance, { props: { use: () => use(hooks), expose: () => {}, show: () => '' } }).unmount();
    } catch (error) {
      return error;
    }
    return undefined;
  },
  waitFor: (check) => until(check),
};

runConformance(harness);
