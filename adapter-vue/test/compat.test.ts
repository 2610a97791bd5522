import { defineComponent, h, reactive } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { Collection, Entity, RestEndpoint, createClient, resource, type Client } from '@resto/core';
import { createResto, useCache, useController, useFetch, useLive, useSubscription, useSuspense } from '../src';
import { flushUntil, mountDataClient, renderDataCompose } from '../src/test';
import { mount } from '@vue/test-utils';
import { EVENT_TIMEOUT, json, startServer, until } from '@resto/testing';

// What a data-client Vue app and its tests rely on, checked through the composables.

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
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('renderDataCompose and mountDataClient (as data-client Vue)', () => {
  it('renderDataCompose: result is the composable\'s value; initialFixtures read at once', async () => {
    const { result, cleanup } = await renderDataCompose(() => useCache(ArticleResource.get, { id: 5 }), {
      initialFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi ho' } }],
    });
    cleanups.push(cleanup);
    expect(result.value?.title).toBe('hi ho');
    expect(result.value).toBeInstanceOf(Article);
  });

  it('renderDataCompose: useSuspense gives its promise, which resolves to the ref', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useSuspense(ArticleResource.get, { id: 5 }), {
      resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'later' }, delay: 5 }],
    });
    cleanups.push(cleanup);
    expect(result).toBeInstanceOf(Promise);
    await waitForNextUpdate();
    const article = await result;
    expect(article.value.title).toBe('later');
    expectTypeOf(article.value).toEqualTypeOf<Article>();
  });

  it('renderDataCompose: interceptors share getInitialInterceptorData; controller and allSettled', async () => {
    const { result, controller, allSettled, cleanup } = await renderDataCompose(() => useCache(ArticleResource.getList), {
      getInitialInterceptorData: () => ({ rows: [{ id: 1, title: 'one' }] }),
      resolverFixtures: [
        {
          endpoint: ArticleResource.getList,
          response(this: { rows: unknown[] }) {
            return this.rows;
          },
        },
      ],
    });
    cleanups.push(cleanup);
    expect(result.value).toBeUndefined();
    void controller.fetch(ArticleResource.getList);
    const settled = await allSettled();
    expect(settled).toEqual([{ status: 'fulfilled', value: [expect.objectContaining({ id: 1, title: 'one' })] }]);
    expect(result.value?.map((a) => a.title)).toEqual(['one']);
  });

  it('renderDataCompose: a failing useSuspense rejects the promise it gave', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useSuspense(ArticleResource.get, { id: 404 }), {
      resolverFixtures: [],
      unmatched: 'error',
    });
    cleanups.push(cleanup);
    await waitForNextUpdate();
    await expect(result).rejects.toThrow(/no fixture matches/);
  });

  it('mountDataClient: Suspense fallback, then the component; reactive props', async () => {
    const ArticleComp = defineComponent({
      props: { id: { type: Number, required: true } },
      async setup(props) {
        const article = await useSuspense(ArticleResource.get, () => ({ id: props.id }));
        return () => h('h3', article.value.title);
      },
    });
    const props = reactive({ id: 5 });
    const { wrapper, waitForNextUpdate, cleanup } = mountDataClient(ArticleComp, {
      props,
      initialFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 6 }], response: { id: 6, title: 'six' } }],
      resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'five' }, delay: 5 }],
    });
    cleanups.push(cleanup);
    expect(wrapper.find('[data-testid="suspense-fallback"]').exists()).toBe(true);
    await waitForNextUpdate({ timeout: EVENT_TIMEOUT });
    await flushUntil(wrapper, () => wrapper.find('h3').exists(), EVENT_TIMEOUT);
    expect(wrapper.find('h3').text()).toBe('five');
    props.id = 6;
    await until(() => wrapper.find('h3').text() === 'six');
  });
});

describe('one import line, as @data-client/vue', () => {
  it('re-exports core; DataClientPlugin takes managers and initialState', async () => {
    const core = await import('@resto/core');
    const vue = await import('../src');
    expect(vue.Entity).toBe(core.Entity);
    expect(vue.hookifyResource).not.toBe(core.hookifyResource);
    const App = defineComponent({
      async setup() {
        const a = await useSuspense(ArticleResource.get, { id: 3 });
        return () => h('p', a.value.title);
      },
    });
    const { Suspense } = await import('vue');
    const { mockInitialState } = await import('@resto/core/mock');
    const initialState = mockInitialState([{ endpoint: ArticleResource.get, args: [{ id: 3 }], response: { id: 3, title: 'three' } }]);
    const wrapper = mount(defineComponent({ setup: () => () => h(Suspense, null, { default: () => h(App) }) }), {
      global: { plugins: [[vue.DataClientPlugin, { initialState, managers: core.getDefaultManagers() }]] },
    });
    cleanups.push(() => wrapper.unmount());
    await until(() => wrapper.text() === 'three');
  });
});

describe('composables as data-client apps use them', () => {
  function withApp(setup: () => () => unknown, client: Client) {
    const wrapper = mount(defineComponent({ setup }), { global: { plugins: [createResto({ client })] } });
    cleanups.push(() => {
      wrapper.unmount();
      client.destroy();
    });
    return wrapper;
  }

  it('useController() destructured works', async () => {
    const client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    let ctrl!: ReturnType<typeof useController>;
    withApp(() => {
      ctrl = useController();
      return () => null;
    }, client);
    const { fetch, setResponse } = ctrl;
    expect((await fetch(ep, { id: 1 })).title).toBe('from server');
    await setResponse(ep, { id: 1 }, { id: 1, title: 'set' });
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.title).toBe('set');
  });

  it('useCache: the plain defaults of object schemas until fetched (no entities, nested defaults, paginated lists)', async () => {
    const stats = new RestEndpoint({ path: '/stats', schema: { total: 0, label: '', range: { from: '' }, top: [Article] } });
    const paged = new RestEndpoint({ path: '/articles', schema: { results: new Collection([Article]), cursor: '' }, paginationField: 'cursor' });
    const { result, controller, cleanup } = await renderDataCompose(() => ({ s: useCache(stats), p: useCache(paged) }));
    cleanups.push(cleanup);
    expect(result.s.value).toEqual({ total: 0, label: '', range: { from: '' } });
    expect(result.p.value).toEqual({ cursor: '' });
    await controller.setResponse(stats, { total: 2, label: 'x', range: { from: 'a' }, top: [] });
    expect(result.s.value).toEqual({ total: 2, label: 'x', range: { from: 'a' }, top: [] });
    await controller.setResponse(paged, { results: [{ id: 1, title: 'a' }], cursor: '2' });
    await controller.setResponse(paged.getPage, { cursor: '2' }, { results: [{ id: 2, title: 'b' }], cursor: '' });
    expect(result.p.value?.results.map((a) => a.title)).toEqual(['a', 'b']);
  });

  it("useFetch's promise has resolved", async () => {
    const client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    let pending!: ReturnType<typeof useFetch<typeof ep>>;
    withApp(() => {
      pending = useFetch(ep, { id: 1 });
      return () => null;
    }, client);
    await until(() => pending.value !== undefined);
    const promise = pending.value!;
    expect(promise.resolved).toBe(false);
    expect((await promise).title).toBe('from server');
    expect(promise.resolved).toBe(true);
  });

  it('useSubscription and useLive deliver polled updates', async () => {
    const client = createClient();
    const ticker = new RestEndpoint({ urlPrefix: server.url, path: '/tick', schema: Article, pollFrequency: 30 });
    const Sub = defineComponent({
      setup() {
        useSubscription(ticker);
        const t = useCache(ticker);
        return () => h('p', { class: 'sub' }, t.value?.title ?? 'none');
      },
    });
    const Live = defineComponent({
      async setup() {
        const t = await useLive(ticker);
        return () => h('p', { class: 'live' }, t.value.title);
      },
    });
    const { Suspense } = await import('vue');
    const wrapper = withApp(() => () => [h(Sub), h(Suspense, null, { default: () => h(Live), fallback: () => 'loading' })], client);
    const shown = (cls: string) => Number(/tick (\d+)/.exec(wrapper.find(cls).exists() ? wrapper.find(cls).text() : '')?.[1] ?? 0);
    await until(() => shown('.sub') > 0 && shown('.live') > 0);
    const before = shown('.sub');
    await until(() => shown('.sub') > before && shown('.live') > before);
  });
});
