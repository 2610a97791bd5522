// The shared adapter scenarios (@resto/testing/conformance), mounted the Lit way:
// each hook name maps to the controller mirroring it, added to a Lit element.
import type { Client, EndpointLike } from '@resto/core';
import { until } from '@resto/testing';
import { runConformance, type Harness, type Hooks, type Kind, type SuspenseState } from '@resto/testing/conformance';
import { html, LitElement } from 'lit';
import * as lit from '../src';
import { appWith, define } from './helpers/mount';

/** A probe element under construction: the host the hooks add their controllers to. */
let host: Probe | undefined;
const current = () => {
  if (!host) throw new Error('a hook ran outside a probe element');
  return host;
};

/** Runs `fn` with `probe` as the host the hooks add their controllers to. */
function inside<T>(probe: Probe, fn: () => T): T {
  host = probe;
  try {
    return fn();
  } finally {
    host = undefined;
  }
}

/** A hook's result the harness reads later (after connect: controllers need the context by then). */
class Later {
  constructor(readonly read: () => unknown) {}
}

// Hook names of the suite -> the controller that mirrors each.
const hooks: Hooks = {
  useDLE: (e: EndpointLike, ...a: any[]) => new lit.DLEController(current(), e, ...(a as [])),
  useSuspense: (e: EndpointLike, ...a: any[]) => new lit.SuspenseController(current(), e, ...(a as [])),
  useCache: (e: EndpointLike, ...a: any[]) => {
    const c = new lit.CacheController(current(), e, ...(a as []));
    return new Later(() => c.value);
  },
  useLoading: (fn: () => Promise<unknown>) => new lit.LoadingController(current(), fn),
  useMutation: (e: EndpointLike) => new lit.MutationController(current(), e),
  usePagination: (e: EndpointLike, ...a: any[]) => new lit.PaginationController(current(), e, ...(a as [])),
  useController: () => {
    const c = new lit.ClientController(current());
    return new Later(() => c.controller);
  },
  useClient: () => {
    const c = new lit.ClientController(current());
    return new Later(() => c.client);
  },
  // Mirrors useSubscription: shows nothing.
  useSubscription: (e: EndpointLike, ...a: any[]) => {
    new lit.SubscriptionController(current(), e, ...(a as []));
  },
};

/** Controllers expose getters: read them into the plain shapes the suite compares. */
function unwrap(kind: Kind, r: any): unknown {
  if (kind === 'dle') return { data: r.data, loading: r.loading, error: r.error, retryCount: r.retryCount, refetch: () => r.refetch() };
  if (kind === 'loading') return [r.run, r.loading, r.error];
  if (kind === 'mutation') return { pending: r.pending, error: r.error, data: r.data, mutate: r.mutate, reset: r.reset };
  if (kind === 'pagination') return { hasMore: r.hasMore, next: r.next, loading: r.loading, error: r.error, loadMore: r.loadMore };
  if (kind === 'suspense') {
    const s = r as lit.SuspenseController<EndpointLike>;
    const state: SuspenseState =
      s.status === 'complete' ? { status: 'data', data: s.value } : s.status === 'error' ? { status: 'error', error: s.error! } : { status: 'pending' };
    return state;
  }
  return r instanceof Later ? r.read() : r;
}

/** The element every scenario mounts; `todoId` is a reactive property the getter args read. */
class Probe extends LitElement {
  static override properties = { todoId: { attribute: false } };
  declare todoId: number | null;
  static use: (hooks: Hooks, id: () => number | null) => unknown = () => undefined;
  static kind: Kind = 'value';
  result: unknown;
  constructor() {
    super();
    this.todoId = 1;
    this.result = inside(this, () => (this.constructor as typeof Probe).use(hooks, () => this.todoId));
  }
  protected override render() {
    // Reading in render is what a real element does: the update shows what changed.
    const { kind } = this.constructor as typeof Probe;
    const shown = unwrap(kind, this.result) as { data?: { title?: string }; status?: string } | undefined;
    return html`<p>${kind === 'dle' ? String(shown?.data?.title) : kind === 'suspense' ? shown?.status : kind}</p>`;
  }
}

function probeTag(kind: Kind, use: (hooks: Hooks, id: () => number | null) => unknown) {
  return define(
    class extends Probe {
      static override use = use;
      static override kind = kind;
    },
  );
}

const harness: Harness = {
  name: 'lit',
  hooks,
  async mount(client: Client, kind, use) {
    const app = appWith(client);
    const tag = probeTag(kind, use);
    let el: Probe;
    try {
      el = document.createElement(tag) as Probe;
    } catch (error) {
      app.remove();
      throw error;
    }
    app.append(el);
    try {
      await el.updateComplete;
    } catch (error) {
      app.remove();
      throw error;
    }
    return {
      get value() {
        return unwrap(kind, el.result);
      },
      async setId(next) {
        el.todoId = next;
        await el.updateComplete;
      },
      unmount: () => app.remove(),
    };
  },
  async withoutClient(use) {
    const tag = probeTag('value', (h) => use(h));
    const el = document.createElement(tag) as Probe;
    document.body.append(el);
    const thrown = await el.updateComplete.then(
      () => undefined,
      (error: unknown) => error,
    );
    el.remove();
    return thrown;
  },
  waitFor: (check) => until(check),
};

runConformance(harness);
