import { createApp, defineComponent, effectScope, h, nextTick, ref } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { All, createClient, getDefaultManagers, Query, RestEndpoint } from '@resto/core';
import { MockManager } from '@resto/core/mock';
import { createResto, RestoPlugin, useCache, useClient, useController, useDLE, useError, useFetch, useLive, useLoading, useQuery, useSubscription, withClient } from '../src';
import { createFixtureClient, flushResto, mountWithResto } from '../src/test';
import { until, useFakeClock } from '@resto/testing';
import { makeApi, Todo } from './helpers/api';
import { mount } from '@vue/test-utils';

const api = makeApi('http://api.test');
const one = { id: 1, title: 'one', completed: false };
const two = { id: 2, title: 'two', completed: true };

afterEach(() => {
  vi.useRealTimers();
});

describe('polling', () => {
  it('useLive suspends, polls while mounted and stops on unmount', async () => {
    useFakeClock(); // the polls come when the test moves the clock
    let calls = 0;
    const Clock = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 30 });
    const View = defineComponent({
      async setup() {
        const time = await useLive(Clock);
        return () => h('p', `t${(time.value as { n: number }).n}`);
      },
    });
    // Our own client: the helper would destroy one it made on unmount, hiding a leak.
    const client = createFixtureClient({ fixtures: [{ endpoint: Clock, response: () => ({ n: ++calls }) }] });
    const { wrapper } = mountWithResto(View, { suspense: true, client });
    expect(wrapper.text()).toBe('loading');
    const shown = () => Number(/^t(\d+)$/.exec(wrapper.text())?.[1] ?? 0);
    await until(() => shown() === 1);
    await vi.advanceTimersByTimeAsync(60); // two poll periods
    await until(() => shown() === 3);
    wrapper.unmount();
    const stopped = calls;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(stopped);
    client.destroy();
  });

  it('useSubscription polls only while its args are not null', async () => {
    useFakeClock();
    let calls = 0;
    const Clock = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/clock/:tz', pollFrequency: 20 });
    const on = ref(true);
    const View = defineComponent(() => {
      useSubscription(Clock, () => (on.value ? { tz: 'utc' } : null));
      const time = useCache(Clock, { tz: 'utc' });
      return () => h('p', String((time.value as { n?: number } | undefined)?.n ?? '-'));
    });
    const { wrapper } = mountWithResto(View, { fixtures: [{ endpoint: Clock, response: () => ({ n: ++calls }) }] });
    await vi.advanceTimersByTimeAsync(40); // two poll periods
    await until(() => calls === 2 && wrapper.text() === '2');
    on.value = false;
    await nextTick();
    const stopped = calls;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(stopped);
    wrapper.unmount();
  });
});

describe('reads without fetching', () => {
  it('useCache shows what others fetched; useError shows a stored error; neither fetches', async () => {
    const client = createFixtureClient({ fixtures: [] });
    const View = defineComponent(() => {
      const todo = useCache(api.get, { id: 1 });
      const error = useError(api.get, { id: 2 });
      return () => h('p', `${todo.value?.title ?? 'none'}|${error.value?.status ?? 'ok'}`);
    });
    const { wrapper } = mountWithResto(View, { client });
    await flushResto();
    expect(wrapper.text()).toBe('none|ok');
    await client.controller.setResponse(api.get, { id: 1 }, one);
    await client.controller.setError(api.get, { id: 2 }, Object.assign(new Error('gone'), { status: 410 }));
    await flushResto();
    expect(wrapper.text()).toBe('one|410');
    wrapper.unmount();
  });

  it('useQuery derives from the store and follows reactive args', async () => {
    const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
    const id = ref(1);
    const View = defineComponent(() => {
      const count = useQuery(remaining);
      const todo = useQuery(Todo, () => ({ id: id.value }));
      return () => h('p', `${count.value ?? '?'} ${todo.value?.title ?? '?'}`);
    });
    const { wrapper, client } = mountWithResto(View, { initialFixtures: [{ endpoint: api.getList, args: [], response: [one, two] }] });
    expect(wrapper.text()).toBe('1 one');
    id.value = 2;
    await nextTick();
    expect(wrapper.text()).toBe('1 two');
    await client.controller.setResponse(api.get, { id: 1 }, { ...one, completed: true });
    await flushResto();
    expect(wrapper.text()).toBe('0 two');
    wrapper.unmount();
  });

  it('useCache and useDLE with reactive args show the new key as soon as the args change (no tick), without a request per step', async () => {
    const id = ref(1);
    let cached!: { value: Todo | undefined };
    let dle!: ReturnType<typeof useDLE<typeof api.get>>;
    const View = defineComponent(() => {
      cached = useCache(api.get, () => ({ id: id.value }));
      dle = useDLE(api.get, () => ({ id: id.value }));
      return () => h('p');
    });
    const response = vi.fn(() => two);
    const { wrapper } = mountWithResto(View, {
      initialFixtures: [
        { endpoint: api.get, args: [{ id: 1 }], response: one },
        { endpoint: api.get, args: [{ id: 2 }], response: two },
      ],
      fixtures: [{ endpoint: api.get, response }],
    });
    expect(cached.value?.title).toBe('one');
    id.value = 2;
    // e.g. a click handler that changes the id and then reads the data
    expect(cached.value?.title).toBe('two');
    expect(dle.data.value?.title).toBe('two');
    id.value = 3;
    id.value = 2;
    await flushResto();
    expect(dle.data.value?.title).toBe('two');
    expect(response).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('useQuery with reactive args shows the new result as soon as the args change (no tick)', () => {
    const id = ref(1);
    let todo!: Readonly<{ value: Todo | undefined }>;
    const View = defineComponent(() => {
      todo = useQuery(Todo, () => (id.value ? { id: id.value } : null));
      return () => h('p');
    });
    const { wrapper } = mountWithResto(View, { initialFixtures: [{ endpoint: api.getList, args: [], response: [one, two] }] });
    expect(todo.value?.title).toBe('one');
    id.value = 2;
    expect(todo.value?.title).toBe('two');
    id.value = 3;
    expect(todo.value).toBeUndefined();
    wrapper.unmount();
  });
});

describe('useFetch and useLoading', () => {
  it('useFetch fetches without subscribing to data; its ref holds the running fetch', async () => {
    let seen: Promise<Todo> | undefined;
    const View = defineComponent(() => {
      const pending = useFetch(api.get, { id: 1 });
      seen = pending.value;
      const todo = useCache(api.get, { id: 1 });
      return () => h('p', `${todo.value?.title ?? '-'} ${pending.value ? 'fetching' : 'idle'}`);
    });
    const { wrapper } = mountWithResto(View, { fixtures: [{ endpoint: api.get, args: [{ id: 1 }], response: one, delay: 10 }] });
    expect(seen).toBeInstanceOf(Promise);
    // Resolves with the data, as in every adapter (core's fetchIfNeeded).
    expect((await seen)?.title).toBe('one');
    await flushResto();
    expect(wrapper.text()).toBe('one idle');
    wrapper.unmount();
  });

  it('useLoading tracks a mutation and keeps its error', async () => {
    let state: { loading: boolean; error?: number }[] = [];
    let run!: (title: string) => Promise<unknown>;
    const View = defineComponent(() => {
      const ctrl = useController();
      const [save, loading, error] = useLoading((title: string) => ctrl.fetch(api.partialUpdate, { id: 9 }, { title }));
      run = save;
      return () => {
        state.push({ loading: loading.value, error: (error.value as { status?: number } | undefined)?.status });
        return h('p', loading.value ? 'saving' : 'idle');
      };
    });
    const { wrapper } = mountWithResto(View, {
      fixtures: [{ endpoint: api.partialUpdate, response: () => Object.assign(new Error('no'), { status: 409 }), error: true, delay: 5 }],
    });
    state = [];
    const result = await run('x');
    await nextTick();
    expect(result).toBeUndefined();
    expect(state).toEqual([{ loading: true }, { loading: false, error: 409 }]);
    wrapper.unmount();
  });
});

describe('useLoading with overlapping calls', () => {
  it('only the latest call decides loading and error (core createLoading)', async () => {
    const gates: { resolve: () => void; reject: (e: Error) => void }[] = [];
    const scope = effectScope();
    const [run, loading, error] = scope.run(() =>
      useLoading(() => new Promise<void>((resolve, reject) => gates.push({ resolve, reject }))),
    )!;
    const first = run();
    const second = run();
    gates[1]!.resolve();
    await second;
    expect(loading.value).toBe(false);
    gates[0]!.reject(new Error('stale failure'));
    await expect(first).resolves.toBeUndefined();
    expect(loading.value).toBe(false);
    expect(error.value).toBeUndefined();
    scope.stop();
  });
});

describe('plugin and scopes', () => {
  it('RestoPlugin creates a client with GC on when none is given and destroys it on unmount', () => {
    let client!: ReturnType<typeof useClient>;
    const View = defineComponent(() => {
      client = useClient();
      return () => h('p');
    });
    const wrapper = mount(View, { global: { plugins: [[RestoPlugin, {}]] } });
    expect(client.managers.some((m) => 'refCount' in m)).toBe(true);
    const destroy = (client.destroy = vi.fn(client.destroy));
    wrapper.unmount();
    expect(destroy).toHaveBeenCalledOnce();
  });

  it('a given client is provided as is and not destroyed', () => {
    const given = createClient();
    let seen: unknown;
    const View = defineComponent(() => {
      seen = useController();
      return () => h('p');
    });
    const destroy = (given.destroy = vi.fn(given.destroy));
    mount(View, { global: { plugins: [createResto({ client: given })] } }).unmount();
    expect(seen).toBe(given.controller);
    expect(destroy).not.toHaveBeenCalled();
  });

  it('works in an effectScope outside components, and releases on scope.stop()', async () => {
    const client = createClient({ managers: [new MockManager([{ endpoint: api.get, args: [{ id: 1 }], response: one }]), ...getDefaultManagers()] });
    const scope = effectScope();
    const { data, loading } = scope.run(() => withClient(client, () => useDLE(api.get, { id: 1 })))!;
    expect(loading.value).toBe(true);
    await until(() => data.value?.title === 'one');
    scope.stop();
    await client.controller.setResponse(api.get, { id: 1 }, { ...one, title: 'later' });
    await flushResto();
    expect(data.value?.title).toBe('one');
  });

  it('app.runWithContext gives a scope the plugin client', async () => {
    const client = createFixtureClient({ fixtures: [{ endpoint: api.get, args: [{ id: 2 }], response: two }] });
    const app = createApp({ render: () => null }).use(createResto({ client }));
    const scope = effectScope();
    const { data } = scope.run(() => app.runWithContext(() => useDLE(api.get, { id: 2 })))!;
    await until(() => data.value?.title === 'two');
    scope.stop();
    client.destroy();
  });

  it('explains what is missing without a client or a scope', () => {
    expect(() => effectScope().run(() => useDLE(api.get, { id: 1 }))).toThrow(/no client/);
    expect(() => withClient(createClient(), () => useDLE(api.get, { id: 1 }))).toThrow(/effectScope/);
  });
});

describe('args that make no key', () => {
  it('a missing path param comes back as useDLE error, not a crash', async () => {
    const client = createFixtureClient({ fixtures: [] });
    const scope = effectScope();
    const dle = scope.run(() => withClient(client, () => useDLE(api.get, {} as { id: number })))!;
    expect(dle.loading.value).toBe(false);
    expect(dle.error.value?.message).toMatch(/path parameter "id" .* is missing/);
    scope.stop();
    client.destroy();
  });
});

describe('errors name the composable called', () => {
  it('useLive outside setup() says useLive, not useSuspense', async () => {
    const client = createFixtureClient({ fixtures: [] });
    const Clock = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/time', pollFrequency: 30 });
    await expect(withClient(client, () => useLive(Clock))).rejects.toThrow(/^Resto useLive\(\): called outside setup\(\)/);
    client.destroy();
  });
});
