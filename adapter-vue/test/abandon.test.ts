// A suspended read that no component wants any more is aborted, as useDLE's are,
// unless another reader wants its request.
import { defineComponent, h, nextTick, ref, Suspense, type Ref } from 'vue';
import { mount } from '@vue/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@resto/core';
import { createResto, useSuspense } from '../src';
import { startFilteredListServer, until, type FilteredListServer, type FilteredTodoList } from '@resto/testing';

let server: FilteredListServer;
let list: FilteredTodoList;
let held: FilteredListServer['held'];
let hitOf: FilteredListServer['hitOf'];
let requestsOf: FilteredListServer['requestsOf'];
let client: Client;

beforeAll(async () => {
  server = await startFilteredListServer();
  ({ list, held, hitOf, requestsOf } = server);
});
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.reset();
});

const Todos = defineComponent({
  props: { completed: { type: Boolean, required: true } },
  async setup(props) {
    const todos = await useSuspense(list, () => ({ completed: props.completed }));
    return () => h('ul', todos.value.map((t) => h('li', { key: t.id }, t.title)));
  },
});

/** Lists in their own Suspense each, shown while `show[i]`, reading `completed`. */
function app(completed: Ref<boolean>, show: Ref<boolean[]>) {
  const Root = defineComponent(
    () => () =>
      show.value.map((on, i) =>
        h(Suspense, { key: i }, { default: () => (on ? h(Todos, { completed: completed.value }) : null), fallback: () => h('p', 'loading') }),
      ),
  );
  client = createClient();
  return mount(Root, { global: { plugins: [createResto({ client })] } });
}

describe('an abandoned suspended read', () => {
  it('a list switched A -> B -> A: B is aborted, A shows, nothing of B is stored', async () => {
    const completed = ref(true);
    const wrapper = app(completed, ref([true]));
    await until(() => wrapper.text() === 'done');
    completed.value = false;
    await until(() => held.has('false'));
    completed.value = true;
    await hitOf('false')!.closed;
    await nextTick();
    expect(wrapper.text()).toBe('done');
    expect(Object.keys(client.getSnapshot().endpoints)).toEqual([list.key({ completed: true })]);
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a list unmounted while it suspends (async setup pending): its request is aborted', async () => {
    const show = ref([true]);
    const wrapper = app(ref(false), show);
    await until(() => held.has('false'));
    expect(wrapper.text()).toBe('loading');
    show.value = [false];
    await hitOf('false')!.closed;
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('two lists on one key, one unmounted while both suspend: the other keeps the request', async () => {
    const show = ref([true, true]);
    const wrapper = app(ref(false), show);
    await until(() => held.has('false'));
    show.value = [false, true];
    await nextTick();
    held.get('false')!.resolve();
    await until(() => wrapper.text() === 'open');
    expect(requestsOf('false')).toBe(1);
  });
});
