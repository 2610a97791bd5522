import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Entity, RestEndpoint } from '@resto/core';
import { json, startServer } from '@resto/testing';
import { useDLE, useSuspense } from '../src';
import * as helpers from '../src/test';
import { makeRenderDataClient, makeRenderDataHook, renderDataHook, renderHook } from '../src/test';

// What @data-client/test exports and how its renderDataHook treats unmatched calls.

class Article extends Entity {
  id = 0;
  title = '';
  static override key = 'Article';
}

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ 'GET /articles/1': (_h, res) => json(res, { id: 1, title: 'from server' }) });
});
afterAll(() => server.close());

describe('@data-client/test names', () => {
  it('exports makeRenderDataHook (= makeRenderDataClient), renderHook, act and mockInitialState', () => {
    expect(makeRenderDataHook).toBe(makeRenderDataClient);
    expect(typeof renderHook).toBe('function');
    expect(typeof helpers.act).toBe('function');
    expect(typeof helpers.mockInitialState).toBe('function');
  });
});

describe('renderDataHook and unmatched calls', () => {
  it('with no fixtures at all, fetches go to the network (nock, a test server), as in data-client', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitForNextUpdate, cleanup } = renderDataHook(() => useSuspense(get, { id: 1 }));
    await waitForNextUpdate();
    expect(result.current.title).toBe('from server');
    cleanup();
  });

  it('with fixtures, a call none matches goes to the network too, as in data-client', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitFor, cleanup } = renderDataHook(() => [useDLE(get, { id: 1 }), useDLE(get, { id: 2 })] as const, {
      resolverFixtures: [{ endpoint: get, args: [{ id: 2 }], response: { id: 2, title: 'two' } }],
    });
    await waitFor(() => expect(result.current.map((r) => r.data?.title)).toEqual(['from server', 'two']));
    cleanup();
  });

  it("with unmatched: 'error', a call no fixture matches fails with status 404", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitFor, cleanup } = renderDataHook(() => useDLE(get, { id: 1 }), {
      resolverFixtures: [{ endpoint: get, args: [{ id: 2 }], response: { id: 2, title: 'two' } }],
      unmatched: 'error',
    });
    await waitFor(() => expect(result.current.error?.status).toBe(404));
    cleanup();
    quiet.mockRestore();
  });
});
