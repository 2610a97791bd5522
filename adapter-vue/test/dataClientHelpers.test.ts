import { computed, defineComponent, h, nextTick, reactive, ref, watch } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Endpoint, Entity, RestEndpoint, resource } from '@resto/core';
import { json, startServer } from '@resto/testing';
import { useDLE, useSuspense } from '../src';
import { mountDataClient, renderDataCompose, type RenderDataClientOptions, type RenderDataClientResult } from '../src/test';

// The return shapes of @data-client/vue/test, as its own tests read them.

class Article extends Entity {
  id = 0;
  title = '';
  static override key = 'Article';
}
const ArticleResource = resource({ path: '/articles/:id', schema: Article });
const five = { endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'five' } };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('renderDataCompose', () => {
  it('resolves to the composable\'s own return value: useDLE\'s data, loading and error refs', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(ArticleResource.get, { id: 5 }), {
      resolverFixtures: [{ ...five, delay: 5 }],
    });
    cleanups.push(cleanup);
    expect(result.data.value).toBeUndefined();
    expect(result.error.value).toBeUndefined();
    expect(result.loading.value).toBe(true);
    await waitForNextUpdate();
    expect(result.loading.value).toBe(false);
    expect(result.error.value).toBeUndefined();
    expect(result.data.value).toBeInstanceOf(Article);
    expect(result.data.value?.title).toBe('five');
  });

  it('useDLE: a failing fetch lands in result.error', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(ArticleResource.get, { id: 1 }), {
      resolverFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 1 }], response: Object.assign(new Error('gone'), { status: 410 }), error: true }],
    });
    cleanups.push(cleanup);
    await waitForNextUpdate();
    expect(result.loading.value).toBe(false);
    expect(result.error.value?.status).toBe(410);
  });

  it('useSuspense: result is the promise; its ref follows the store after it resolves', async () => {
    const { result, controller, waitForNextUpdate, cleanup } = await renderDataCompose(
      () => useSuspense(ArticleResource.get, { id: 5 }),
      { resolverFixtures: [{ ...five, delay: 5 }] },
    );
    cleanups.push(cleanup);
    expect(result).toBeInstanceOf(Promise);
    await waitForNextUpdate();
    const article = await result;
    expect(article.value.title).toBe('five');
    await controller.setResponse(ArticleResource.get, { id: 5 }, { id: 5, title: 'set' });
    await nextTick();
    expect(article.value.title).toBe('set');
  });

  it('passes the reactive props object to the composable: computed values and watchers follow it', async () => {
    const seen: number[] = [];
    const props = reactive({ count: 1 });
    const { result, cleanup } = await renderDataCompose(
      (p: { count: number }) => {
        watch(
          () => p.count,
          (n) => seen.push(n),
        );
        return { doubled: computed(() => p.count * 2), local: ref('x') };
      },
      { props },
    );
    cleanups.push(cleanup);
    expect(result.doubled.value).toBe(2);
    expect(result.local.value).toBe('x');
    props.count = 4;
    await nextTick();
    expect(result.doubled.value).toBe(8);
    expect(seen).toEqual([4]);
  });

  it('without props the composable gets an empty reactive object', async () => {
    const { result, cleanup } = await renderDataCompose((p: Record<string, unknown>) => ({ keys: Object.keys(p) }));
    cleanups.push(cleanup);
    expect(result.keys).toEqual([]);
  });

  it('renders a data-testid="composable-result" element; controller, allSettled, cleanup', async () => {
    const { wrapper, controller, allSettled, cleanup } = await renderDataCompose(() => ({ v: 1 }));
    expect(wrapper.find('[data-testid="composable-result"]').exists()).toBe(true);
    expect(typeof controller.fetch).toBe('function');
    expect(await allSettled()).toEqual([]);
    cleanup();
    expect(() => cleanup()).not.toThrow();
  });

  it('a composable that throws rejects with its error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      renderDataCompose(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    warn.mockRestore();
  });
});

describe('mountDataClient', () => {
  it('returns wrapper, controller, app, cleanup and allSettled; renders under Suspense', async () => {
    const Comp = defineComponent({
      props: { id: { type: Number, required: true } },
      async setup(props) {
        const a = await useSuspense(ArticleResource.get, () => ({ id: props.id }));
        return () => h('h3', a.value.title);
      },
    });
    const result: RenderDataClientResult = mountDataClient(Comp, { props: reactive({ id: 5 }), resolverFixtures: [five] });
    cleanups.push(result.cleanup);
    expect(result.app).toBe(result.wrapper.vm);
    expect(result.wrapper.find('[data-testid="suspense-fallback"]').text()).toBe('Loading...');
    const settled = await result.allSettled();
    expect(settled.map((s) => s.status)).toEqual(['fulfilled']);
    expect(result.wrapper.find('h3').text()).toBe('five');
  });

  it('the wrapper option renders the component in its slot, both with the props', async () => {
    const Frame = defineComponent({
      props: { id: Number },
      setup: (props, { slots }) => () => h('section', { 'data-id': props.id }, slots.default?.()),
    });
    const Comp = defineComponent({ props: { id: Number }, setup: (props) => () => h('p', `id ${props.id}`) });
    const options: RenderDataClientOptions<{ id: number }> = { props: reactive({ id: 3 }), wrapper: Frame };
    const { wrapper, cleanup } = mountDataClient(Comp, options);
    cleanups.push(cleanup);
    expect(wrapper.find('section').attributes('data-id')).toBe('3');
    expect(wrapper.find('section p').text()).toBe('id 3');
  });
});

describe('fetches no fixture answers', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ 'GET /articles/7': (_h, res) => json(res, { id: 7, title: 'from server' }) });
  });
  afterAll(() => server.close());

  it('go to the network, as in data-client (nock, a test server)', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(get, { id: 7 }));
    cleanups.push(cleanup);
    await waitForNextUpdate();
    expect(result.data.value?.title).toBe('from server');
  });

  it('go to the network when resolverFixtures are given and none matches, as in data-client', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(get, { id: 7 }), { resolverFixtures: [five] });
    cleanups.push(cleanup);
    await waitForNextUpdate();
    expect(result.data.value?.title).toBe('from server');
  });

  it("fail with status 404 with unmatched: 'error'", async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(get, { id: 7 }), {
      resolverFixtures: [five],
      unmatched: 'error',
    });
    cleanups.push(cleanup);
    await waitForNextUpdate();
    expect(result.error.value?.status).toBe(404);
  });
});

describe('useSuspense while its first request never answers', () => {
  it('starts the request for new props at once and resolves with that answer', async () => {
    const started: number[] = [];
    const answers = new Map<number, (v: unknown) => void>();
    const Slow = new Endpoint(
      ({ id }: { id: number }) => {
        started.push(id);
        return new Promise((resolve) => answers.set(id, resolve));
      },
      { schema: Article, name: 'Slow' },
    );
    const props = reactive({ id: 1 });
    const rendering = renderDataCompose((p: { id: number }) => useSuspense(Slow, computed(() => ({ id: p.id }))), { props });
    // The endpoint's fetch ran while the composable was set up, before anything was awaited.
    expect(started).toEqual([1]);
    props.id = 2;
    await nextTick();
    expect(started).toEqual([1, 2]);
    answers.get(2)!({ id: 2, title: 'two' });
    const { result, cleanup } = await rendering;
    cleanups.push(cleanup);
    // The first request is still open: the promise follows the props to the second one.
    const article = await result;
    expect(article.value.title).toBe('two');
  });
});

describe('allSettled() waits for reads, not mutations (as data-client)', () => {
  it('resolves with the reads while a mutation that never answers is open', async () => {
    const stuck = ArticleResource.partialUpdate.extend({ fetch: () => new Promise<never>(() => {}) });
    const { controller, allSettled, cleanup } = await renderDataCompose(() => ({}), { resolverFixtures: [{ ...five, delay: 5 }] });
    cleanups.push(cleanup);
    controller.fetch(stuck, { id: 5 }, { title: 'never' }).catch(() => {}); // rejected when the client is destroyed
    void controller.fetch(ArticleResource.get, { id: 5 });
    const settled = await allSettled();
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ status: 'fulfilled' });
  });
});

describe('allSettled() under fake timers', () => {
  it('resolves once the reads answer, without waiting for a faked timer', async () => {
    const { controller, allSettled, cleanup } = await renderDataCompose(() => ({}), { resolverFixtures: [five] });
    cleanups.push(cleanup);
    vi.useFakeTimers();
    try {
      void controller.fetch(ArticleResource.get, { id: 5 });
      const settled = await allSettled();
      expect(settled).toEqual([expect.objectContaining({ status: 'fulfilled' })]);
    } finally {
      vi.useRealTimers();
    }
  });
});
