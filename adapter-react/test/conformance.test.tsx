// The shared adapter scenarios (@resto/testing/conformance), mounted the React way.
import { Component, Suspense, useState, type ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import type { Client } from '@resto/core';
import { runConformance, type Harness, type Kind, type SuspenseState } from '@resto/testing/conformance';
import { beforeAll, vi } from 'vitest';
import * as adapter from '../src';

class Catch extends Component<{ onError: (e: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const hooks = adapter as unknown as Record<string, (...args: any[]) => any>;

const harness: Harness = {
  name: 'react',
  hooks,
  async mount(client: Client, kind: Kind, use) {
    let latest: any;
    let suspense: SuspenseState = { status: 'pending' };
    let thrown: unknown;
    let setIdState!: (id: number | null) => void;
    function Probe() {
      const [id, setId] = useState<number | null>(1);
      setIdState = setId;
      latest = use(hooks, () => id);
      if (kind === 'suspense') suspense = { status: 'data', data: latest };
      return null;
    }
    function Pending() {
      suspense = { status: 'pending' };
      return null;
    }
    const onError = (error: unknown) => {
      if (kind === 'suspense') suspense = { status: 'error', error: error as Error };
      else thrown = error;
    };
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <adapter.DataProvider client={client}>
          <Catch onError={onError}>
            <Suspense fallback={<Pending />}>
              <Probe />
            </Suspense>
          </Catch>
        </adapter.DataProvider>,
      );
    });
    if (thrown) {
      view.unmount();
      throw thrown;
    }
    return {
      get value() {
        return kind === 'suspense' ? suspense : latest;
      },
      async setId(id) {
        await act(async () => setIdState(id));
      },
      unmount: () => view.unmount(),
    };
  },
  async withoutClient(use) {
    let thrown: unknown;
    function Probe() {
      use(hooks);
      return null;
    }
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <Catch onError={(e) => (thrown = e)}>
          <Probe />
        </Catch>,
      );
    });
    view.unmount();
    return thrown;
  },
  waitFor: (check) => waitFor(() => {
    if (!check()) throw new Error('not yet');
  }),
};

// Scenarios make reads fail on purpose; React logs every error a boundary catches.
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

runConformance(harness);
