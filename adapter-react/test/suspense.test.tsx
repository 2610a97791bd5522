import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, type Client } from '@resto/core';
import { AsyncBoundary, DataProvider, useDLE, useSuspense } from '../src';
import { defer, json, startServer, until } from '@resto/testing';
import { todoApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof todoApi>;
let client: Client;

beforeAll(async () => {
  server = await startServer();
  api = todoApi(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
  for (const k of Object.keys(server.routes)) delete server.routes[k];
});

function TodoTitle({ id }: { id: number }) {
  const todo = useSuspense(api.get, { id });
  return <h3>{todo.title}</h3>;
}

describe('useSuspense', () => {
  it('shows the fallback, then the data', async () => {
    const gate = defer();
    server.routes['GET /todos/1'] = async (_hit, res) => {
      await gate.promise;
      json(res, { id: 1, title: 'Write tests', completed: false });
    };
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary fallback={<p>loading</p>}>
            <TodoTitle id={1} />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'Write tests');
    expect(screen.queryByText('loading')).toBeNull();
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('sends a 404 to the error boundary, and its retry refetches', async () => {
    let status = 404;
    server.routes['GET /todos/2'] = (_hit, res) =>
      status === 404 ? json(res, { message: 'nope' }, 404) : json(res, { id: 2, title: 'Found now', completed: false });
    client = createClient();
    // React logs errors caught by boundaries; keep the expected 404 out of the output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary
            fallback={<p>loading</p>}
            errorComponent={({ error, resetErrorBoundary }) => (
              <div>
                <p>status {error.status}</p>
                <button onClick={resetErrorBoundary}>retry</button>
              </div>
            )}
          >
            <TodoTitle id={2} />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    expect(await screen.findByText('status 404')).toBeTruthy();
    expect(server.count('GET', '/todos/2')).toBe(1);
    status = 200;
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'Found now');
    expect(server.count('GET', '/todos/2')).toBe(2);
    logged.mockRestore();
  });

  it('shows stale data while it revalidates (stale-while-revalidate)', async () => {
    let title = 'old';
    const gate = defer();
    server.routes['GET /todos/3'] = async (_hit, res) => {
      if (title === 'new') await gate.promise;
      json(res, { id: 3, title, completed: false });
    };
    client = createClient();
    await act(() => client.controller.fetch(api.get, { id: 3 }));
    await act(() => client.controller.expireAll({ testKey: (k) => k.endsWith('/todos/3') }));
    title = 'new';
    function Loading() {
      const { loading } = useDLE(api.get, { id: 3 });
      return <span>{loading ? 'refreshing' : 'idle'}</span>;
    }
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary fallback={<p>loading</p>}>
            <TodoTitle id={3} />
            <Loading />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    // Old data at once, no fallback, while the refetch is held by the server.
    expect(screen.getByRole('heading').textContent).toBe('old');
    expect(screen.queryByText('loading')).toBeNull();
    await until(() => server.count('GET', '/todos/3') === 2);
    expect(screen.getByText('refreshing')).toBeTruthy();
    await act(async () => gate.resolve());
    await screen.findByText('new');
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it("AsyncBoundary's default error view retries errors from anywhere", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('render failed');
      return <p>fine</p>;
    }
    const onError = vi.fn();
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary onError={onError}>
            <Fragile />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    expect(screen.getByRole('alert').textContent).toContain('render failed');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.anything());
    broken = false;
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(screen.getByText('fine')).toBeTruthy();
    logged.mockRestore();
  });

  it('controller.invalidate makes a mounted read suspend and refetch', async () => {
    let title = 'first';
    const gate = defer();
    server.routes['GET /todos/4'] = async (_hit, res) => {
      if (title === 'second') await gate.promise;
      json(res, { id: 4, title, completed: false });
    };
    client = createClient();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <AsyncBoundary fallback={<p>loading</p>}>
            <TodoTitle id={4} />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    await screen.findByText('first');
    title = 'second';
    await act(() => client.controller.invalidate(api.get, { id: 4 }));
    await screen.findByText('loading');
    await act(async () => gate.resolve());
    await screen.findByText('second');
    expect(server.count('GET', '/todos/4')).toBe(2);
  });
});
