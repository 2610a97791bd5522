import { defineComponent, h, nextTick, onErrorCaptured, ref, Suspense } from 'vue';
import { mount } from '@vue/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, getDefaultManagers, WindowEventsManager, type Client } from '@resto/core';
import { createResto, useDLE, useSuspense } from '../src';
import { json, nextTask, recordFetches, startServer, until, defer, useFakeClock } from '@resto/testing';
import { makeApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof makeApi>;
const titles: Record<string, string> = { '1': 'one', '2': 'two' };
const gate = { hold: undefined as undefined | Promise<void> };

beforeAll(async () => {
  server = await startServer({
    'GET *': async (hit, res) => {
      const m = /^\/todos\/(\d+)$/.exec(hit.url);
      if (gate.hold) await gate.hold;
      if (!m || !(m[1]! in titles)) return json(res, { message: 'not found' }, 404);
      json(res, { id: Number(m[1]), title: titles[m[1]!], completed: false });
    },
  });
  api = makeApi(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

function withApp(root: ReturnType<typeof defineComponent>, client: Client = createClient()) {
  const wrapper = mount(root, { global: { plugins: [createResto({ client })] } });
  return { wrapper, client };
}

describe('useSuspense', () => {
  it('shows the Suspense fallback, then the data', async () => {
    const Detail = defineComponent({
      async setup() {
        const todo = await useSuspense(api.get, { id: 1 });
        // typed from the schema: todo.value is a Todo
        const title: string = todo.value.title;
        return () => h('h1', `${title} / ${todo.value.title}`);
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(Detail), fallback: () => h('p', 'loading') }));
    const { wrapper } = withApp(Root);
    expect(wrapper.text()).toBe('loading');
    await until(() => wrapper.text() !== 'loading');
    expect(wrapper.text()).toBe('one / one');
  });

  it('rejects with the 404 so onErrorCaptured shows an error state', async () => {
    const Detail = defineComponent({
      async setup() {
        const todo = await useSuspense(api.get, { id: 404 });
        return () => h('h1', todo.value.title);
      },
    });
    const Boundary = defineComponent({
      setup() {
        const failed = ref<(Error & { status?: number }) | undefined>();
        onErrorCaptured((e) => {
          failed.value = e as Error & { status?: number };
          return false;
        });
        return () =>
          failed.value
            ? h('p', `error ${failed.value.status}`)
            : h(Suspense, null, { default: () => h(Detail), fallback: () => h('p', 'loading') });
      },
    });
    const { wrapper } = withApp(Boundary);
    await until(() => wrapper.text() !== 'loading');
    expect(wrapper.text()).toBe('error 404');
  });
});

describe('useSuspense after it resolved', () => {
  it('keeps the last data while new args load, then shows them; a later error reaches onErrorCaptured', async () => {
    const id = ref(1);
    const Detail = defineComponent({
      async setup() {
        const todo = await useSuspense(api.get, () => ({ id: id.value }));
        return () => h('h1', todo.value.title);
      },
    });
    const caught: unknown[] = [];
    const Root = defineComponent(() => {
      onErrorCaptured((e) => {
        caught.push(e);
        return false;
      });
      return () => h(Suspense, null, { default: () => h(Detail), fallback: () => h('p', 'loading') });
    });
    const { wrapper } = withApp(Root);
    await until(() => wrapper.text() === 'one');
    const before2 = server.count('GET', '/todos/2');
    const held = defer();
    gate.hold = held.promise;
    id.value = 2;
    // The request for 2 is at the server (held there): meanwhile the old title stays.
    await until(() => server.count('GET', '/todos/2') === before2 + 1);
    await nextTick();
    expect(wrapper.text()).toBe('one');
    gate.hold = undefined;
    held.resolve();
    await until(() => wrapper.text() === 'two');

    id.value = 406;
    await until(() => caught.length > 0);
    expect(caught[0]).toMatchObject({ status: 404 });
    wrapper.unmount();
  });
});

describe('useSuspense and stored errors', () => {
  it('a hard error reaches onErrorCaptured even over stale data; a soft one stays hidden (core read rule)', async () => {
    const client = createClient();
    await client.controller.fetch(api.get, { id: 1 });
    const Detail = defineComponent({
      async setup() {
        const todo = await useSuspense(api.get, { id: 1 });
        return () => h('h1', todo.value.title);
      },
    });
    const caught: (Error & { status?: number })[] = [];
    const Root = defineComponent(() => {
      onErrorCaptured((e) => {
        caught.push(e as Error);
        return false;
      });
      return () => h(Suspense, null, { default: () => h(Detail), fallback: () => h('p', 'loading') });
    });
    const { wrapper } = withApp(Root, client);
    await until(() => wrapper.text() === 'one');
    await client.controller.setError(api.get, { id: 1 }, Object.assign(new Error('down'), { status: 503 }));
    await nextTick();
    expect(wrapper.text()).toBe('one');
    expect(caught).toEqual([]);
    await client.controller.setError(api.get, { id: 1 }, Object.assign(new Error('gone'), { status: 404 }));
    await until(() => caught.length > 0);
    expect(caught[0]).toMatchObject({ status: 404 });
    wrapper.unmount();
    client.destroy();
  });
});

describe('useDLE', () => {
  it('gives loading, then an error state on 404', async () => {
    const Detail = defineComponent(() => {
      const { data, loading, error } = useDLE(api.get, { id: 405 });
      return () => (loading.value ? h('p', 'loading') : error.value ? h('p', `error ${error.value.status}`) : h('p', data.value?.title));
    });
    const { wrapper } = withApp(Detail);
    expect(wrapper.text()).toBe('loading');
    await until(() => wrapper.text() !== 'loading');
    expect(wrapper.text()).toBe('error 404');
  });

  it('reads a new key when a ref arg changes and releases the old one', async () => {
    const id = ref(1);
    const Detail = defineComponent(() => {
      const { data, loading } = useDLE(api.get, () => ({ id: id.value }));
      return () => h('p', loading.value ? 'loading' : data.value!.title);
    });
    const client = createClient();
    const { wrapper } = withApp(Detail, client);
    await until(() => wrapper.text() === 'one');
    const gc = client.managers.find((m) => 'refCount' in m) as unknown as { refCount(key: string): number };
    const key1 = api.get.key({ id: 1 });
    const key2 = api.get.key({ id: 2 });
    expect(gc.refCount(key1)).toBe(1);
    const before = server.count('GET', '/todos/2');

    id.value = 2;
    await until(() => wrapper.text() === 'two');
    expect(server.count('GET', '/todos/2')).toBe(before + 1);
    expect(gc.refCount(key1)).toBe(0);
    expect(gc.refCount(key2)).toBe(1);

    // Back to a key that is still stored and fresh: shown at once, no fetch.
    const count1 = server.count('GET', '/todos/1');
    id.value = 1;
    await nextTick();
    expect(wrapper.text()).toBe('one');
    expect(server.count('GET', '/todos/1')).toBe(count1);
    wrapper.unmount();
    expect(gc.refCount(key1)).toBe(0);
  });

  it('null args skip fetching until they are given', async () => {
    const id = ref<number | null>(null);
    const Detail = defineComponent(() => {
      const { data, loading } = useDLE(api.get, () => (id.value === null ? null : { id: id.value }));
      return () => h('p', loading.value ? 'loading' : (data.value?.title ?? 'nothing'));
    });
    const before = server.hits.length;
    const fetched = recordFetches();
    const { wrapper } = withApp(Detail);
    await nextTask(); // mounted and effects ran: a fetch would have been called by now
    expect(wrapper.text()).toBe('nothing');
    expect(fetched()).toEqual([]);
    expect(server.hits.length).toBe(before);
    id.value = 2;
    await until(() => wrapper.text() === 'two');
  });

  it('stale-while-revalidate: stale data stays visible while the refetch runs', async () => {
    useFakeClock(); // expiry comes when the test moves the clock
    const short = makeApi(server.url, { dataExpiryLength: 30 });
    const Detail = defineComponent(() => {
      const { data, loading } = useDLE(short.get, { id: 1 });
      return () => h('p', `${data.value?.title ?? '-'}${loading.value ? ' (loading)' : ''}`);
    });
    // Revalidating when the page is visible again is the WindowEventsManager's (opt-in).
    const { wrapper, client } = withApp(Detail, createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()] }));
    await until(() => wrapper.text() === 'one');
    const count = server.count('GET', '/todos/1');
    const held = defer();
    gate.hold = held.promise;
    titles['1'] = 'one v2';
    try {
      const fetched = recordFetches();
      // Past its expiry the data is stale, but expiry alone fetches nothing...
      await vi.advanceTimersByTimeAsync(40);
      await nextTask();
      expect(fetched()).toEqual([]);
      expect(server.count('GET', '/todos/1')).toBe(count);
      // ...the page becoming visible again does: a refetch starts, the old title stays on screen meanwhile.
      client.focus!.set(false);
      client.focus!.set(true);
      await until(() => server.count('GET', '/todos/1') === count + 1);
      await nextTick();
      expect(wrapper.text()).toBe('one (loading)');
    } finally {
      gate.hold = undefined;
      held.resolve();
    }
    await until(() => wrapper.text().startsWith('one v2'));
    titles['1'] = 'one';
    wrapper.unmount();
  });
});
