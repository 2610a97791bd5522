import { defineComponent, h, Suspense } from 'vue';
import { mount } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@resto/core';
import { createResto, useController, useDLE, useSuspense, type Resto } from '../src';
import { until } from '@resto/testing';
import { startTodoServer } from './helpers/todoServer';
import { makeApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startTodoServer>>;
let api: ReturnType<typeof makeApi>;
beforeAll(async () => {
  server = await startTodoServer();
  api = makeApi(server.url);
});
afterAll(() => server.close());

/** A list under Suspense plus a detail view of todo 1, sharing one store. */
function mountApp(resto: Resto = createResto({ client: createClient() })) {
  let ctrl!: ReturnType<typeof useController>;
  const List = defineComponent({
    async setup() {
      const todos = await useSuspense(api.getList);
      return () => h('ul', todos.value.map((t) => h('li', { key: t.id }, t.title)));
    },
  });
  const Detail = defineComponent(() => {
    const { data } = useDLE(api.get, { id: 1 });
    return () => h('h1', data.value?.title ?? '…');
  });
  const Root = defineComponent(() => {
    ctrl = useController();
    return () => h('main', [h(Detail), h(Suspense, null, { default: () => h(List), fallback: () => h('p', 'loading') })]);
  });
  const wrapper = mount(Root, { global: { plugins: [resto] } });
  const items = () => wrapper.findAll('li').map((li) => li.text());
  return { wrapper, items, ctrl: () => ctrl, heading: () => wrapper.find('h1').text() };
}

describe('mutations', () => {
  it('an update shows in every component reading the entity', async () => {
    const app = mountApp();
    await until(() => app.items().length === 2 && app.heading() === 'one');
    await app.ctrl().fetch(api.partialUpdate, { id: 1 }, { title: 'one, edited' });
    await until(() => app.heading() === 'one, edited');
    expect(app.items()[0]).toBe('one, edited');
    await app.ctrl().fetch(api.partialUpdate, { id: 1 }, { title: 'one' });
    app.wrapper.unmount();
  });

  it('push and delete update a rendered list', async () => {
    const app = mountApp();
    await until(() => app.items().length === 2);
    const result = await app.ctrl().fetch(api.create, { title: 'three' });
    // Collection.push is typed Todo | Todo[] by core (one or many may be pushed).
    const created = Array.isArray(result) ? result[0]! : result;
    expect(created.title).toBe('three');
    await until(() => app.items().length === 3);
    expect(app.items()).toEqual(['one', 'two', 'three']);

    await app.ctrl().fetch(api.remove, { id: created.id });
    await until(() => app.items().length === 2);
    expect(app.items()).toEqual(['one', 'two']);
    app.wrapper.unmount();
  });

  it('a view of a todo that gets deleted shows the 404, not loading forever', async () => {
    const client = createClient();
    const result = await client.controller.fetch(api.create, { title: 'doomed' });
    const { id } = Array.isArray(result) ? result[0]! : result;
    await client.controller.fetch(api.get, { id }); // the view's own key answered, as after its first fetch
    const Detail = defineComponent(() => {
      const { data, loading, error } = useDLE(api.get, { id });
      return () => h('p', error.value ? `error ${error.value.status}` : loading.value ? 'loading' : (data.value?.title ?? 'none'));
    });
    const wrapper = mount(Detail, { global: { plugins: [createResto({ client })] } });
    await until(() => wrapper.text() === 'doomed');
    await client.controller.fetch(api.remove, { id });
    await until(() => wrapper.text() === 'error 404');
    wrapper.unmount();
  });

  it('an optimistic update shows at once and rolls back when the server refuses', async () => {
    const app = mountApp();
    await until(() => app.items().length === 2 && app.heading() === 'one');
    const release = server.hold();
    server.gate.fail = 422;
    const done = app.ctrl().fetch(api.optimisticUpdate, { id: 1 }, { title: 'optimistic' });
    try {
      await until(() => app.heading() === 'optimistic');
      expect(app.items()[0]).toBe('optimistic');
    } finally {
      release();
    }
    await expect(done).rejects.toMatchObject({ status: 422 });
    await until(() => app.heading() === 'one');
    expect(app.items()[0]).toBe('one');
    server.gate.fail = 0;
    app.wrapper.unmount();
  });
});
