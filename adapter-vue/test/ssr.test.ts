import { createClient, dehydrate, Endpoint, Entity, parseState, serializeState, type Client } from '@resto/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent, h, Suspense } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createResto, useController, useDLE, useQuery, useSuspense } from '../src';
import { nextTask, recordFetches, until } from '@resto/testing';
import { makeApi, Todo } from './helpers/api';
import { startTodoServer } from './helpers/todoServer';

let server: Awaited<ReturnType<typeof startTodoServer>>;
let api: ReturnType<typeof makeApi>;
beforeAll(async () => {
  server = await startTodoServer();
  api = makeApi(server.url);
});
afterAll(() => server.close());

// The same component tree on the server and in the browser.
const makeApp = () => {
  const TodoList = defineComponent({
    async setup() {
      const ctrl = useController();
      const todos = await useSuspense(api.getList);
      const toggle = (t: Todo) => ctrl.fetch(api.partialUpdate, { id: t.id }, { completed: !t.completed });
      return () =>
        h(
          'ul',
          todos.value.map((t) => h('li', { key: t.id, onClick: () => toggle(t) }, `${t.title}:${t.completed ? 'done' : 'open'}`)),
        );
    },
  });
  const Detail = defineComponent(() => {
    const { data, loading } = useDLE(api.get, { id: 2 });
    return () => h('p', { class: 'detail' }, loading.value ? 'loading' : data.value?.title);
  });
  return defineComponent(() => () => h('main', [h(Suspense, null, { default: () => h(TodoList), fallback: () => 'Loading…' }), h(Detail)]));
};

describe('Vue server rendering', () => {
  it('renderToString waits for useSuspense and useDLE, and the SSR context carries the state', async () => {
    const resto = createResto({ ssr: true });
    const app = createSSRApp(makeApp()).use(resto);
    const ctx: { resto?: Client } = {};
    const html = await renderToString(app, ctx);
    expect(html).toContain('<li>one:open</li><li>two:open</li>');
    expect(html).toContain('<p class="detail">two</p>');
    expect(ctx.resto).toBe(resto.client);
    resto.client.destroy();
  });

  it('useQuery on the server shows what the awaited reads stored', async () => {
    const Page = defineComponent({
      async setup() {
        const second = useQuery(Todo, { id: 2 });
        await useSuspense(api.getList);
        return () => h('p', second.value?.title ?? 'none');
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(Page) }));
    const resto = createResto({ ssr: true });
    expect(await renderToString(createSSRApp(Root).use(resto))).toBe('<p>two</p>');
    expect(resto.client.listenerCount).toBe(0);
    resto.client.destroy();
  });

  it('the browser hydrates from the serialized state with no request, then stays interactive', async () => {
    const resto = createResto({ ssr: true });
    const html = await renderToString(createSSRApp(makeApp()).use(resto));
    const state = serializeState(dehydrate(resto.client));
    resto.client.destroy();

    const requests = server.hits.length;
    const fetched = recordFetches();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    const browser = createResto({ initialState: parseState(state) });
    const app = createSSRApp(makeApp()).use(browser);
    app.mount(el);
    await until(() => el.querySelectorAll('li').length === 2);
    await nextTask(); // hydrated and effects ran: a fetch on mount would have been called by now
    expect(fetched()).toEqual([]);
    expect(server.hits.slice(requests)).toEqual([]);
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('ydration'))).toEqual([]);
    warn.mockRestore();
    expect(el.querySelector('.detail')!.textContent).toBe('two');

    (el.querySelector('li') as HTMLElement).click();
    await until(() => el.querySelector('li')!.textContent === 'one:done');
    expect(server.hits.slice(requests).map((h) => h.method)).toEqual(['PATCH']);
    app.unmount();
    el.remove();
  });

  it('1,000 server renders leave no timer and no listener', async () => {
    class Item extends Entity {
      id = 0;
      static override key = 'Item';
    }
    const items = new Endpoint(async () => [{ id: 1 }, { id: 2 }], { key: () => 'items', schema: [Item], pollFrequency: 500 });
    const Page = defineComponent({
      async setup() {
        const { data } = useDLE(items);
        const list = await useSuspense(items);
        return () => h('p', `${list.value.length}/${data.value?.length}`);
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(Page) }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let html = '';
      for (let i = 0; i < 1000; i++) {
        const client = createClient({ ssr: true });
        html = await renderToString(createSSRApp(Root).use(createResto({ client })));
        client.destroy();
        expect(client.listenerCount).toBe(0);
      }
      expect(html).toContain('2/2');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without the ssr flag, a server render still neither subscribes nor starts a timer', async () => {
    class Item extends Entity {
      id = 0;
      static override key = 'Item';
    }
    const items = new Endpoint(async () => [{ id: 1 }], { key: () => 'items', schema: [Item], pollFrequency: 500 });
    const Page = defineComponent({
      async setup() {
        const { data } = useDLE(items);
        const list = await useSuspense(items);
        return () => h('p', `${list.value.length}/${data.value?.length}`);
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(Page) }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      // A browser-mode client (polling, GC) as a user would pass it, never destroyed.
      const client = createClient();
      for (let i = 0; i < 100; i++) {
        const html = await renderToString(createSSRApp(Root).use(createResto({ client })));
        expect(html).toContain('1/1');
      }
      expect(client.listenerCount).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createResto with a client of your own and initialState', () => {
  it('refuses the pair, saying where the snapshot goes instead (merging is core hydrate(), imported where used)', () => {
    const client = createClient();
    try {
      expect(() => createResto({ client, initialState: { version: 1, entities: {}, indexes: {}, endpoints: {}, meta: {}, entitiesMeta: {} } })).toThrow(
        /createResto\(\): initialState with a client of your own.*createClient\(\{ initialState \}\).*hydrate\(client, snapshot\)/,
      );
    } finally {
      client.destroy();
    }
  });
});
