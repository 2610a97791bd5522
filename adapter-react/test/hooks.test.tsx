import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { All, Query, createClient, getDefaultManagers } from '@resto/core';
import { AsyncBoundary, DataProvider, useCache, useClient, useController, useDLE, useError, useFetch, useLoading, useQuery, useSuspense } from '../src';
import { DataProviderWithFixtures, renderDataHook } from '../src/test';
import { Todo, todoApi } from './helpers/api';
import { nextTask, useFakeClock } from '@resto/testing';

const api = todoApi('http://api.test');
const one = { id: 1, title: 'one', completed: false };
const two = { id: 2, title: 'two', completed: true };
const notFound = Object.assign(new Error('not found'), { status: 404 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDLE', () => {
  it('goes from loading to data without suspending', async () => {
    const { result } = renderDataHook(() => useDLE(api.get, { id: 1 }), {
      fixtures: [{ endpoint: api.get, args: [{ id: 1 }], response: one, delay: 20 }],
    });
    expect(result.current).toMatchObject({ data: undefined, loading: true, error: undefined });
    await waitFor(() => expect(result.current.data?.title).toBe('one'));
    expect(result.current.loading).toBe(false);
  });

  it('returns errors instead of throwing them', async () => {
    const { result } = renderDataHook(() => useDLE(api.get, { id: 9 }), {
      fixtures: [{ endpoint: api.get, args: [{ id: 9 }], response: notFound, error: true }],
    });
    await waitFor(() => expect(result.current.error?.status).toBe(404));
    expect(result.current).toMatchObject({ data: undefined, loading: false });
  });

  it('args that make no URL (a missing path param) come back as the error, not a crash', async () => {
    const { result } = renderDataHook(() => useDLE(api.get, {} as { id: number }), { fixtures: [] });
    expect(result.error).toBeUndefined();
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    expect(result.current.error?.message).toMatch(/path parameter "id" .* is missing/);
  });
});

describe('useCache and useError', () => {
  it('useCache never fetches; it shows what another read stored', async () => {
    const response = vi.fn(() => one);
    const { result, controller } = renderDataHook(() => useCache(api.get, { id: 1 }), {
      fixtures: [{ endpoint: api.get, response }],
    });
    await act(async () => {});
    expect(result.current).toBeUndefined();
    expect(response).not.toHaveBeenCalled();
    await act(() => controller.fetch(api.get, { id: 1 }));
    expect(result.current?.title).toBe('one');
    expect(response).toHaveBeenCalledTimes(1);
  });

  it('useError shows the stored error without fetching', async () => {
    const { result, controller } = renderDataHook(() => useError(api.get, { id: 9 }));
    expect(result.current).toBeUndefined();
    await act(() => controller.setError(api.get, { id: 9 }, notFound));
    expect(result.current?.status).toBe(404);
  });
});

describe('useFetch', () => {
  it('fetches when missing, returns the promise, and does not re-render on new data', async () => {
    let renders = 0;
    const { result, controller } = renderDataHook(
      () => {
        renders++;
        return useFetch(api.get, { id: 1 });
      },
      { fixtures: [{ endpoint: api.get, args: [{ id: 1 }], response: one }] },
    );
    const promise = result.current;
    expect(promise).toBeInstanceOf(Promise);
    await act(async () => void (await promise));
    expect(result.current).toBeUndefined();
    const settled = renders;
    await act(() => controller.setResponse(api.get, { id: 1 }, { ...one, title: 'changed' }));
    expect(renders).toBe(settled);
  });

  it('a failing fetch is stored as the error, not an unhandled rejection', async () => {
    const { result, client } = renderDataHook(() => useFetch(api.get, { id: 9 }), {
      fixtures: [{ endpoint: api.get, args: [{ id: 9 }], response: notFound, error: true }],
    });
    expect(result.current).toBeInstanceOf(Promise);
    // Nobody awaits the promise: vitest would report an unhandled rejection.
    await waitFor(() => expect(client.controller.getError(api.get, { id: 9 }, client.getSnapshot())?.status).toBe(404));
    // One more turn: an unhandled rejection would be reported by now.
    await act(() => nextTask());
  });

  it('returns undefined for fresh data and for null args', async () => {
    const { result, rerender } = renderDataHook(({ id }: { id: number | null }) => useFetch(api.get, id === null ? null : { id }), {
      initialFixtures: [{ endpoint: api.get, args: [{ id: 1 }], response: one }],
      initialProps: { id: 1 },
    });
    expect(result.current).toBeUndefined();
    rerender({ id: null });
    expect(result.current).toBeUndefined();
  });
});

describe('useQuery', () => {
  it('derives from entities other reads stored, and follows changes', async () => {
    const open = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
    const { result, controller } = renderDataHook(() => [useQuery(open), useQuery(Todo, { id: 2 })] as const, {
      initialFixtures: [{ endpoint: api.getList, args: [], response: [one, two] }],
    });
    expect(result.current[0]).toBe(1);
    expect(result.current[1]?.title).toBe('two');
    await act(() => controller.setResponse(api.get, { id: 2 }, { ...two, completed: false }));
    expect(result.current[0]).toBe(2);
  });

  it('null args read nothing', () => {
    const { result } = renderDataHook(() => useQuery(Todo, null), {
      initialFixtures: [{ endpoint: api.get, args: [{ id: 1 }], response: one }],
    });
    expect(result.current).toBeUndefined();
  });
});

describe('useLoading', () => {
  it('tracks the latest call and keeps its error', async () => {
    let fail = true;
    const { result } = renderDataHook(() =>
      useLoading(async (n: number) => {
        await nextTask(); // the work answers later, not at once
        if (fail) throw Object.assign(new Error('bad'), { status: 400 });
        return n * 2;
      }),
    );
    const [first] = result.current;
    let value: number | undefined;
    let pending!: Promise<number | undefined>;
    act(() => {
      pending = result.current[0](1);
    });
    expect(result.current[1]).toBe(true);
    await act(async () => {
      value = await pending;
    });
    expect(value).toBeUndefined();
    expect(result.current[1]).toBe(false);
    expect(result.current[2]?.status).toBe(400);
    fail = false;
    await act(async () => {
      value = await result.current[0](21);
    });
    expect(value).toBe(42);
    expect(result.current[2]).toBeUndefined();
    expect(result.current[0]).toBe(first);
  });
});

describe('DataProvider', () => {
  it('creates a client with the default managers and destroys it on unmount', async () => {
    // A controlled clock: the provider destroys its client on a timer after the last unmount.
    useFakeClock();
    const destroyed = vi.fn();
    let seen!: ReturnType<typeof useClient>;
    function Probe() {
      seen = useClient();
      return null;
    }
    const view = render(
      <StrictMode>
        <DataProvider>
          <Probe />
        </DataProvider>
      </StrictMode>,
    );
    expect(seen.managers.map((m) => m.constructor)).toEqual(getDefaultManagers().map((m) => m.constructor));
    seen.destroy = destroyed;
    // StrictMode's simulated unmount must not destroy it.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(destroyed).not.toHaveBeenCalled();
    view.unmount();
    await vi.advanceTimersByTimeAsync(1000);
    expect(destroyed).toHaveBeenCalledTimes(1);
  });

  it('uses a given client as is and never destroys it', async () => {
    useFakeClock();
    const client = createClient({ managers: getDefaultManagers() });
    const destroy = vi.spyOn(client, 'destroy');
    let ctrl!: ReturnType<typeof useController>;
    function Probe() {
      ctrl = useController();
      return null;
    }
    render(
      <DataProvider client={client}>
        <Probe />
      </DataProvider>,
    ).unmount();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ctrl).toBe(client.controller);
    expect(destroy).not.toHaveBeenCalled();
    client.destroy();
  });

  it('hooks outside a provider say what is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Lost() {
      useSuspense(api.get, { id: 1 });
      return null;
    }
    expect(() => render(<Lost />)).toThrow(/DataProvider/);
    error.mockRestore();
  });
});

describe('StrictMode', () => {
  it('suspends once, fetches once and shows the data', async () => {
    const response = vi.fn(() => one);
    function Title() {
      return <h1>{useSuspense(api.get, { id: 1 }).title}</h1>;
    }
    await act(async () => {
      render(
        <StrictMode>
          <DataProviderWithFixtures fixtures={[{ endpoint: api.get, response, delay: 5 }]}>
            <AsyncBoundary fallback="loading">
              <Title />
            </AsyncBoundary>
          </DataProviderWithFixtures>
        </StrictMode>,
      );
    });
    expect((await screen.findByRole('heading')).textContent).toBe('one');
    expect(response).toHaveBeenCalledTimes(1);
  });
});
