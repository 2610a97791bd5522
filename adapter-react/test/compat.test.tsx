import * as React from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Collection, Entity, RestEndpoint, createClient, hookifyResource, resource, type Client } from '@resto/core';
import { DataProvider, useCache, useController, useFetch, useLive, useSubscription, useSuspense } from '../src';
import { makeRenderDataClient, renderDataHook } from '../src/test';
import { EVENT_TIMEOUT, json, startServer, until, waitFor } from '@resto/testing';

// What a data-client React app and its tests rely on, checked through the hooks.

class Article extends Entity {
  id = 0;
  title = '';
  static override key = 'Article';
}
const ArticleResource = resource({ path: '/articles/:id', schema: Article });

let server: Awaited<ReturnType<typeof startServer>>;
let tick = 0;
beforeAll(async () => {
  server = await startServer({
    'GET /tick': (_h, res) => json(res, { id: 1, title: `tick ${++tick}` }),
    'GET /articles/1': (_h, res) => json(res, { id: 1, title: 'from server' }),
  });
});
afterAll(() => server.close());
let client: Client | undefined;
afterEach(() => {
  cleanup();
  client?.destroy();
  client = undefined;
});

describe('renderDataHook (as @data-client/test)', () => {
  it('initialFixtures render at once', () => {
    const { result, controller } = renderDataHook(() => useSuspense(ArticleResource.get, { id: 5 }), {
      initialFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi ho' } }],
    });
    expect(result.current.title).toBe('hi ho');
    expect(result.current).toBeInstanceOf(Article);
    expect(typeof controller.fetch).toBe('function');
  });

  it('current is undefined while suspended; waitForNextUpdate resolves with the resolver fixture', async () => {
    const { result, waitForNextUpdate } = renderDataHook(() => useSuspense(ArticleResource.get, { id: 5 }), {
      resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'later' }, delay: 10 }],
    });
    expect(result.current).toBeUndefined();
    await waitForNextUpdate({ timeout: EVENT_TIMEOUT });
    expect(result.current.title).toBe('later');
    expectTypeOf(result.current).toEqualTypeOf<Article>();
  });

  it('the wrapper gets the hook props, and a fetchResponse interceptor sees the headers the endpoint sends', async () => {
    const Token = React.createContext('');
    const Authed = hookifyResource(ArticleResource, function useInit() {
      const token = React.useContext(Token);
      return token ? { headers: { Authorization: token } } : {};
    });
    const { result, waitForNextUpdate, rerender } = renderDataHook(
      (_props: { token: string }) => ({ article: useSuspense(Authed.useGet(), { id: 5 }), get: Authed.useGet(), controller: useController() }),
      {
        initialProps: { token: '' },
        wrapper: ({ children, token }) => <Token.Provider value={token}>{children}</Token.Provider>,
        resolverFixtures: [
          {
            endpoint: ArticleResource.get,
            fetchResponse: (url: string, init: RequestInit) => ({
              id: Number(url.split('/').pop()),
              title: (init.headers as Record<string, string>).Authorization ?? 'anonymous',
            }),
          },
        ],
      },
    );
    await waitForNextUpdate();
    expect(result.current.article.title).toBe('anonymous');
    rerender({ token: 'Bearer 1' });
    await act(() => result.current.controller.fetch(result.current.get, { id: 5 }));
    expect(result.current.article.title).toBe('Bearer 1');
  });

  it('with act() required globally (testing-library with test globals), a fetch awaited outside act renders without a warning', async () => {
    const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let n = 0;
      const { result, controller, waitForNextUpdate } = renderDataHook(() => useSuspense(ArticleResource.get, { id: 5 }), {
        resolverFixtures: [{ endpoint: ArticleResource.get, response: () => ({ id: 5, title: `v${++n}` }) }],
      });
      await waitForNextUpdate();
      expect(result.current.title).toBe('v1');
      await controller.fetch(ArticleResource.get, { id: 5 });
      expect(result.current.title).toBe('v2');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      g.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });

  it('interceptors share the getInitialInterceptorData state as this', async () => {
    const { result, controller, waitForNextUpdate } = renderDataHook(() => useSuspense(ArticleResource.getList), {
      getInitialInterceptorData: () => ({ rows: [{ id: 1, title: 'one' }] }),
      resolverFixtures: [
        {
          endpoint: ArticleResource.getList,
          response(this: { rows: { id: number; title: string }[] }) {
            return this.rows;
          },
        },
        {
          endpoint: ArticleResource.getList.push,
          response(this: { rows: { id: number; title: string }[] }, body: { title: string }) {
            const row = { id: this.rows.length + 1, ...body };
            this.rows.push(row);
            return row;
          },
        },
      ],
    });
    await waitForNextUpdate({ timeout: EVENT_TIMEOUT });
    expect(result.current.map((a) => a.title)).toEqual(['one']);
    await act(() => controller.fetch(ArticleResource.getList.push, { title: 'two' }));
    expect(result.current.map((a) => a.title)).toEqual(['one', 'two']);
    await act(() => controller.invalidate(ArticleResource.getList));
    await until(() => result.current.length === 2 && result.all.length > 2);
  });

  it('rerender with props, unmount, allSettled, and a hook error in result.error', async () => {
    const { result, rerender, unmount, allSettled } = renderDataHook(({ id }: { id: number }) => useCache(ArticleResource.get, { id }), {
      initialProps: { id: 1 },
      initialFixtures: [
        { endpoint: ArticleResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
        { endpoint: ArticleResource.get, args: [{ id: 2 }], response: { id: 2, title: 'b' } },
      ],
    });
    expect(result.current?.title).toBe('a');
    rerender({ id: 2 });
    expect(result.current?.title).toBe('b');
    await allSettled();
    unmount();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = renderDataHook(() => useSuspense(ArticleResource.get, { id: 404 }), { resolverFixtures: [], unmatched: 'error' });
    await failing.waitForNextUpdate({ timeout: EVENT_TIMEOUT });
    expect(failing.result.error?.message).toMatch(/no fixture matches/);
    quiet.mockRestore();
  });

  it('makeRenderDataClient takes the provider', async () => {
    const seen: Client[] = [];
    function Spy({ client: c, children }: { client: Client; children?: React.ReactNode }) {
      seen.push(c);
      return <DataProvider client={c}>{children}</DataProvider>;
    }
    const renderDataClient = makeRenderDataClient(Spy);
    const { result, client: used } = renderDataClient(() => useController());
    expect(seen[0]).toBe(used);
    expect(result.current).toBe(used.controller);
  });
});

describe('one import line, as @data-client/react', () => {
  it('re-exports core; its own hookifyResource wins', async () => {
    const core = await import('@resto/core');
    const react = await import('../src');
    expect(react.Entity).toBe(core.Entity);
    expect(react.resource).toBe(core.resource);
    expect(react.unshift).toBe(core.unshift);
    expect(react.hookifyResource).not.toBe(core.hookifyResource);
  });
});

describe('hooks as data-client apps use them', () => {
  it('useController() destructured: fetch, invalidate, setResponse are bound', async () => {
    client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    let api!: ReturnType<typeof useController>;
    function Grab() {
      api = useController();
      return null;
    }
    render(
      <DataProvider client={client}>
        <Grab />
      </DataProvider>,
    );
    const { fetch, setResponse, invalidate } = api;
    expect((await fetch(ep, { id: 1 })).title).toBe('from server');
    await setResponse(ep, { id: 1 }, { id: 1, title: 'set' });
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.title).toBe('set');
    await invalidate(ep, { id: 1 });
  });

  it('useCache: the plain defaults of object schemas until fetched (no entities, nested defaults, paginated lists)', async () => {
    const stats = new RestEndpoint({ path: '/stats', schema: { total: 0, label: '', range: { from: '' }, top: [Article] } });
    const paged = new RestEndpoint({
      path: '/articles',
      schema: { results: new Collection([Article]), cursor: '' },
      paginationField: 'cursor',
    });
    const { result, controller } = renderDataHook(() => ({ s: useCache(stats), p: useCache(paged) }));
    expect(result.current.s).toEqual({ total: 0, label: '', range: { from: '' } });
    expect(result.current.s).toBe(result.all[0]!.s); // the same object on every render
    expect(result.current.p).toEqual({ cursor: '' });
    await act(() => controller.setResponse(stats, { total: 2, label: 'x', range: { from: 'a' }, top: [] }));
    expect(result.current.s).toEqual({ total: 2, label: 'x', range: { from: 'a' }, top: [] });
    await act(() => controller.setResponse(paged, { results: [{ id: 1, title: 'a' }], cursor: '2' }));
    await act(() => controller.setResponse(paged.getPage, { cursor: '2' }, { results: [{ id: 2, title: 'b' }], cursor: '' }));
    expect(result.current.p?.results.map((a) => a.title)).toEqual(['a', 'b']);
  });

  it("useFetch's promise has resolved: false while running, true once settled", async () => {
    client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result } = renderDataHook(() => useFetch(ep, { id: 1 }), { client });
    const promise = result.current!;
    expect(promise.resolved).toBe(false);
    expect((await promise).title).toBe('from server');
    expect(promise.resolved).toBe(true);
  });

  it('useSubscription and useLive deliver polled updates to the component', async () => {
    client = createClient();
    const ticker = new RestEndpoint({ urlPrefix: server.url, path: '/tick', schema: Article, pollFrequency: 30 });
    function Sub() {
      useSubscription(ticker);
      const t = useCache(ticker);
      return <p>sub {t?.title ?? 'none'}</p>;
    }
    function Live() {
      return <p>live {useLive(ticker).title}</p>;
    }
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Sub />
          <React.Suspense fallback={<p>loading</p>}>
            <Live />
          </React.Suspense>
        </DataProvider>,
      );
    });
    const first = tick;
    await until(() => tick >= first + 2);
    const text = (re: RegExp) => screen.queryByText(re)?.textContent ?? '';
    await until(() => /live tick \d+/.test(text(/^live/)));
    await until(() => /sub tick \d+/.test(text(/^sub/)));
    const shown = () => Number(/tick (\d+)/.exec(text(/^sub/))?.[1]);
    const before = shown();
    await until(() => shown() > before);
    expect(text(/^live/)).toMatch(/live tick \d+/);
  });
});

describe('renderDataHook statics', () => {
  it('cleanup() unmounts every render still mounted; allSettled() waits for their fetches', async () => {
    const a = renderDataHook(() => useSuspense(ArticleResource.get, { id: 1 }), {
      resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' }, delay: 5 }],
    });
    await renderDataHook.allSettled();
    await a.waitFor(() => expect(a.result.current?.title).toBe('a'));
    const listeners = a.client.listenerCount;
    expect(listeners).toBeGreaterThan(0);
    renderDataHook.cleanup();
    await waitFor(() => expect(a.client.listenerCount).toBe(0));
  });
});

describe('allSettled() waits for reads, not mutations (as data-client)', () => {
  it('returns while a mutation that never answers is still open; a read it waits for', async () => {
    const read = ArticleResource.get.extend({ fetch: () => new Promise((r) => setTimeout(() => r({ id: 2, title: 'read' }), 5)) });
    const stuck = ArticleResource.partialUpdate.extend({ fetch: () => new Promise<never>(() => {}) });
    const { result, controller, allSettled } = renderDataHook(() => useCache(read, { id: 2 }));
    controller.fetch(stuck, { id: 2 }, { title: 'never' }).catch(() => {}); // rejected when the client is destroyed
    void controller.fetch(read, { id: 2 });
    await allSettled();
    expect(result.current?.title).toBe('read');
  });
});

describe('allSettled() under fake timers', () => {
  it('resolves once the reads answer, without waiting for a faked timer', async () => {
    vi.useFakeTimers();
    try {
      let answer!: (v: unknown) => void;
      const held = ArticleResource.get.extend({ fetch: () => new Promise((r) => (answer = r)) });
      const { result, controller, allSettled } = renderDataHook(() => useCache(held, { id: 3 }));
      void controller.fetch(held, { id: 3 });
      answer({ id: 3, title: 'answered' });
      await allSettled();
      expect(result.current?.title).toBe('answered');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('null args', () => {
  it('useSuspense and useCache with null args return the plain defaults of an object schema', () => {
    const paged = new RestEndpoint({ path: '/paged', schema: { results: new Collection([Article]), nextPage: '' } });
    const { result } = renderDataHook(() => ({ suspense: useSuspense(paged, null), cache: useCache(paged, null) }));
    expect(result.current.suspense).toEqual({ nextPage: '' });
    expect(result.current.suspense?.results).toBeUndefined();
    expect(result.current.cache).toEqual({ nextPage: '' });
  });
});
