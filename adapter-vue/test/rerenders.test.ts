import { defineComponent, effectScope, h, nextTick, onUpdated, ref, type PropType } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, getDefaultManagers, GCPolicy, NetworkManager, SubscriptionManager } from '@resto/core';
import { MockManager } from '@resto/core/mock';
import { useController, useDLE, withClient } from '../src';
import { flushResto, mountWithResto } from '../src/test';
import { until } from '@resto/testing';
import { makeApi, Todo } from './helpers/api';

afterEach(() => {
  vi.useRealTimers();
});

const api = makeApi('http://api.test');
const many = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}`, completed: false }));

describe('rendering', () => {
  it('only the row whose entity changed re-renders in a 1,000-row list', async () => {
    const renders = new Map<number, number>();
    const updates = new Map<number, number>();
    let listRenders = 0;
    const Row = defineComponent({
      props: { todo: { type: Object as PropType<Todo>, required: true } },
      setup(props) {
        onUpdated(() => updates.set(props.todo.id, (updates.get(props.todo.id) ?? 0) + 1));
        return () => {
          renders.set(props.todo.id, (renders.get(props.todo.id) ?? 0) + 1);
          return h('li', props.todo.title);
        };
      },
    });
    let ctrl!: ReturnType<typeof useController>;
    const List = defineComponent(() => {
      ctrl = useController();
      const { data } = useDLE(api.getList);
      return () => {
        listRenders++;
        return h('ul', (data.value ?? []).map((todo) => h(Row, { key: todo.id, todo })));
      };
    });
    const { wrapper } = mountWithResto(List, {
      fixtures: [
        { endpoint: api.getList, args: [], response: many },
        { endpoint: api.partialUpdate, response: (params: { id: number }, body: Partial<Todo>) => ({ ...many[params.id - 1], ...body }) },
      ],
    });
    await until(() => wrapper.findAll('li').length === 1000);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    renders.clear();
    listRenders = 0;

    await ctrl.fetch(api.partialUpdate, { id: 500 }, { title: 'changed' });
    await flushResto();
    expect(wrapper.findAll('li')[499]!.text()).toBe('changed');
    expect(listRenders).toBe(1);
    expect([...renders.entries()]).toEqual([[500, 1]]);
    expect([...updates.entries()]).toEqual([[500, 1]]);
  });

  it('10,000 mount/unmount cycles leave no subscriptions', async () => {
    const client = createClient({ managers: [new MockManager([]), ...getDefaultManagers()] });
    await client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'one', completed: false });
    // Live store subscriptions (every observer holds one): core's leak check.
    const live = () => client.listenerCount;
    const gc = client.managers.find((m) => m instanceof GCPolicy) as GCPolicy;
    const key = api.get.key({ id: 1 });
    const show = ref(true);
    const Child = defineComponent(() => {
      const { data } = useDLE(api.get, { id: 1 });
      return () => h('p', data.value?.title);
    });
    const Parent = defineComponent(() => () => (show.value ? h(Child) : null));
    const { wrapper } = mountWithResto(Parent, { client });
    expect(wrapper.text()).toBe('one');
    for (let i = 0; i < 10_000; i++) {
      show.value = false;
      await nextTick();
      show.value = true;
      await nextTick();
    }
    expect(wrapper.text()).toBe('one');
    expect(live()).toBe(1);
    expect(gc.refCount(key)).toBe(1);
    show.value = false;
    await nextTick();
    expect(live()).toBe(0);
    expect(gc.refCount(key)).toBe(0);

    // The same in effect scopes outside components.
    for (let i = 0; i < 2000; i++) {
      const scope = effectScope();
      const { data } = scope.run(() => withClient(client, () => useDLE(api.get, { id: 1 })))!;
      if (data.value?.title !== 'one') throw new Error('not read');
      scope.stop();
    }
    expect(live()).toBe(0);
    expect(gc.refCount(key)).toBe(0);
    wrapper.unmount();
  }, 180_000);

  it('GC collects data nobody reads any more, keeps what is read', async () => {
    const gc = new GCPolicy({ graceMS: 5, intervalMS: 60_000 });
    const short = makeApi('http://api.test', { dataExpiryLength: 5 });
    const fixtures = [
      { endpoint: short.get, args: [{ id: 1 }], response: { id: 1, title: 'one', completed: false } },
      { endpoint: short.get, args: [{ id: 2 }], response: { id: 2, title: 'two', completed: false } },
    ];
    const client = createClient({ managers: [new MockManager(fixtures), new NetworkManager(), new SubscriptionManager(), gc] });
    const show = ref(true);
    const Reader = defineComponent({
      props: { id: { type: Number, required: true } },
      setup(props) {
        const { data } = useDLE(short.get, () => ({ id: props.id }));
        return () => h('p', data.value?.title);
      },
    });
    const Parent = defineComponent(() => () => [h(Reader, { id: 1 }), show.value ? h(Reader, { id: 2 }) : null]);
    const { wrapper } = mountWithResto(Parent, { client });
    await until(() => wrapper.text() === 'onetwo');
    // Only Date is fake: the expiry and grace period pass when the test says, not after a sleep.
    vi.useFakeTimers({ toFake: ['Date'] });
    show.value = false;
    await nextTick();
    vi.setSystemTime(Date.now() + 1000);
    await gc.sweep();
    const state = client.getSnapshot();
    expect(state.endpoints[short.get.key({ id: 2 })]).toBeUndefined();
    expect(state.entities.Todo?.['2']).toBeUndefined();
    // Still read (and revalidated while mounted): kept.
    expect(state.entities.Todo?.['1']).toBeDefined();
    expect(wrapper.text()).toBe('one');
    wrapper.unmount();
    client.destroy();
  });
});
