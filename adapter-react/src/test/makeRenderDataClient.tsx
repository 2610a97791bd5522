import * as React from 'react';
import { Component, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { SET_RESPONSE, type Client, type Controller, type Manager } from '@resto/core';
import { createDataClientMock, flushNotifications, nextMacrotask, type Fixture, type FixtureOrInterceptor } from '@resto/core/mock';
import { DataProvider } from '../DataProvider';
import { useOwnedClient } from '../useOwnedClient';
import type { FixtureOptions } from './DataProviderWithFixtures';

/** Options of a render function made by {@link makeRenderDataClient} (and of `renderDataHook`). */
export interface RenderDataHookOptions<P> extends FixtureOptions {
  /** Props of the first render (change them with `rerender(props)`). */
  readonly initialProps?: P;
  /** Stored before the first render, as if fetched just now: the hook renders with them at once. */
  readonly initialFixtures?: readonly Fixture[];
  /**
   * Answer the fetches the hook (or the test) makes: fixtures and interceptors. A call
   * none matches goes to the network (nock, a test server), as in data-client; with
   * `unmatched: 'error'` it fails with status 404 instead.
   */
  readonly resolverFixtures?: readonly FixtureOrInterceptor[];
  /** `this` of every interceptor: a fake server state they share. */
  readonly getInitialInterceptorData?: () => Record<string, unknown>;
  /** Use this client instead of a mock one (e.g. against a real server). */
  readonly client?: Client;
  /**
   * Wraps the hook's component inside the provider (context the hook needs). It
   * gets the hook's props too, so `rerender(props)` can change the context.
   */
  readonly wrapper?: ComponentType<{ children: ReactNode } & (P extends object ? P : unknown)>;
}

/** The hook's latest value: `current` is undefined while the first render suspends. */
export interface HookResult<R> {
  readonly current: R;
  /** What the hook threw (caught by an error boundary around it), if it did. */
  readonly error: Error | undefined;
  /** Every committed value, first to last. */
  readonly all: readonly R[];
}

/** What a render function made by {@link makeRenderDataClient} returns. */
export interface RenderDataHookResult<R, P> {
  readonly result: HookResult<R>;
  /** Renders again, with new props when given. */
  rerender(props?: P): void;
  unmount(): void;
  /** Resolves at the hook's next committed render (or error); rejects after `timeout` ms (default 1000). */
  waitForNextUpdate(options?: { timeout?: number }): Promise<void>;
  /** testing-library's `waitFor`. */
  readonly waitFor: typeof waitFor;
  /** Resolves once no read is in flight (mutations are awaited by whoever started them, as in data-client). */
  allSettled(): Promise<void>;
  /** Unmounts and, for a client made here, destroys it (also done by testing-library's cleanup). */
  cleanup(): void;
  readonly client: Client;
  readonly controller: Controller;
}

type Provider = ComponentType<{ client: Client; children?: ReactNode }>;

/**
 * Stores each response inside `act` and delivers its notifications there, as
 * data-client's test controller does: a fetch the test awaits outside `act` renders
 * without React's "not wrapped in act(...)" warning.
 */
// React keeps the queue of an open act() scope in its internals (19: actQueue; 18: ReactCurrentActQueue).
function inAct(): boolean {
  const r = React as unknown as Record<string, { actQueue?: unknown; ReactCurrentActQueue?: { current: unknown } } | undefined>;
  const internals = r.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE ?? r.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED;
  return (internals?.actQueue ?? internals?.ReactCurrentActQueue?.current ?? null) !== null;
}

const storeInAct: Manager = {
  middleware: () => (next) => (action) => {
    // Only where the test environment asks React for act() (testing-library's global
    // setup), and not inside an act() the test opened (that one delivers the update).
    if (action.type !== SET_RESPONSE || !(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT || inAct()) {
      return next(action);
    }
    let stored!: ReturnType<typeof next>;
    void act(() => {
      stored = next(action);
      flushNotifications();
    });
    return stored;
  },
  cleanup() {},
};

class Boundary extends Component<{ onError: (e: Error) => void; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Builds a `renderDataHook`-style function around a provider (default `DataProvider`):
 * it renders a hook under the provider, a Suspense boundary and an error boundary,
 * with fetches answered by fixtures.
 *
 * @example
 * const renderDataClient = makeRenderDataClient(DataProvider);
 * const { result, waitForNextUpdate } = renderDataClient(() => useSuspense(TodoResource.get, { id: 1 }), {
 *   resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }],
 * });
 * expect(result.current).toBeUndefined(); // suspended
 * await waitForNextUpdate();
 * expect(result.current.title).toBe('a');
 */
export function makeRenderDataClient(Provider: Provider = DataProvider) {
  const active = new Set<RenderDataHookResult<any, any>>();
  function renderDataClient<R, P = undefined>(
    hook: (props: P) => R,
    {
      initialProps,
      client,
      wrapper: Inner,
      resolverFixtures,
      fixtures,
      ...options
    }: RenderDataHookOptions<NoInfer<P>> = {},
  ): RenderDataHookResult<R, P> {
    const store =
      client ??
      createDataClientMock([...(fixtures ?? []), ...(resolverFixtures ?? [])], options, storeInAct);
    const owned = client ? undefined : () => store;
    const all: R[] = [];
    let error: Error | undefined;
    let commits = 0;
    const result: HookResult<R> = {
      get current() {
        return all[all.length - 1] as R;
      },
      get error() {
        return error;
      },
      all,
    };
    let latest: R;
    function TestHook({ props }: { props: P }) {
      latest = hook(props);
      const value = latest;
      useEffect(() => {
        all.push(value);
        commits++;
      });
      return null;
    }
    function Root({ props }: { props: P }) {
      useOwnedClient(owned);
      // testing-library's own cleanup unmounts without us: forget this render then too
      useEffect(() => () => void (handle && active.delete(handle)), []);
      const body = (
        <Boundary
          onError={(e) => {
            error = e;
            commits++;
          }}
        >
          <TestHook props={props} />
        </Boundary>
      );
      return (
        <Provider client={store}>
          <Suspense fallback={null}>{Inner ? <Inner {...(props as any)}>{body}</Inner> : body}</Suspense>
        </Provider>
      );
    }
    const rendered = render(<Root props={initialProps as P} />);
    let unmounted = false;
    const unmount = () => {
      if (unmounted) return;
      unmounted = true;
      rendered.unmount();
    };
    // Declared after Root: its cleanup reads `handle` only at unmount, once it is set.
    const handle: RenderDataHookResult<R, P> = {
      result,
      rerender: (props?: P) => rendered.rerender(<Root props={(props === undefined ? initialProps : props) as P} />),
      unmount,
      async waitForNextUpdate({ timeout = 1000 } = {}) {
        const start = commits;
        await waitFor(
          () => {
            if (commits === start) throw new Error('waitForNextUpdate: the hook did not render again');
          },
          { timeout, interval: 5 },
        );
      },
      waitFor,
      async allSettled() {
        // Reads only (the requests by key), as data-client: a mutation's promise is its
        // caller's to await (one that never answers must not hang the test).
        do {
          // The real clock's tick: allSettled() must not hang under vi.useFakeTimers().
          await act(() => nextMacrotask());
        } while (store.controller.requests.size > 0);
      },
      cleanup() {
        unmount();
        if (!client) store.destroy();
      },
      client: store,
      controller: store.controller,
    };
    active.add(handle);
    return handle as RenderDataHookResult<R, P>;
  }
  return Object.assign(renderDataClient, {
    /** Unmounts every render still mounted (testing-library's cleanup also does). */
    cleanup(): void {
      for (const handle of [...active]) handle.cleanup();
    },
    /** Resolves once no render made here has a read in flight. */
    async allSettled(): Promise<void> {
      await Promise.all([...active].map((handle) => handle.allSettled()));
    },
  });
}
