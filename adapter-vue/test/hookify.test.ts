import { defineComponent, h, inject, Suspense, type InjectionKey } from 'vue';
import { mount } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, resource } from '@resto/core';
import { createResto, hookifyResource, useController, useSuspense } from '../src';
import { until } from '@resto/testing';
import { startTodoServer } from './helpers/todoServer';
import { Todo } from './helpers/api';

let server: Awaited<ReturnType<typeof startTodoServer>>;
beforeAll(async () => {
  server = await startTodoServer();
});
afterAll(() => server.close());

const TokenKey: InjectionKey<string> = Symbol('token');

describe('hookifyResource', () => {
  it('sends the token injected in the component with reads and writes', async () => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': inject(TokenKey)! } }));
    let rename!: (title: string) => Promise<unknown>;
    let add!: (title: string) => Promise<unknown>;
    const Detail = defineComponent({
      async setup() {
        const ctrl = useController();
        const update = TodoHooks.usePartialUpdate();
        rename = (title) => ctrl.fetch(update, { id: 1 }, { title });
        const todo = await useSuspense(TodoHooks.useGet(), { id: 1 });
        expectTypeOf(todo.value).toEqualTypeOf<Todo>();
        return () => h('h1', todo.value.title);
      },
    });
    const List = defineComponent({
      async setup() {
        const ctrl = useController();
        const getList = TodoHooks.useGetList();
        add = (title) => ctrl.fetch(getList.push, { title });
        const todos = await useSuspense(getList);
        expectTypeOf(todos.value).toEqualTypeOf<Todo[]>();
        return () => h('ul', todos.value.map((t) => h('li', { key: t.id }, t.title)));
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h('main', [h(Detail), h(List)]), fallback: () => h('p', 'loading') }));
    const wrapper = mount(Root, { global: { plugins: [createResto({ client: createClient() })], provide: { [TokenKey as symbol]: 'secret-1' } } });
    await until(() => wrapper.find('h1').exists() && wrapper.findAll('li').length === 2);
    expect(wrapper.find('h1').text()).toBe('one');

    await rename('renamed');
    await until(() => wrapper.find('h1').text() === 'renamed');
    expect(wrapper.findAll('li')[0]!.text()).toBe('renamed');

    await add('three');
    await until(() => wrapper.findAll('li').length === 3);

    const sent = server.hits.filter((hit) => hit.url.startsWith('/todos'));
    expect(sent.map((hit) => `${hit.method} ${hit.headers['access-token']}`)).toEqual(
      expect.arrayContaining(['GET secret-1', 'PATCH secret-1', 'POST secret-1']),
    );
    expect(sent.every((hit) => hit.headers['access-token'] === 'secret-1')).toBe(true);
    expect(sent.some((hit) => hit.url === '/todos' && hit.method === 'GET')).toBe(true);
    wrapper.unmount();
  });
});

describe('hookifyResource endpoint identity', () => {
  it('components injecting the same token share one endpoint object (core caches by init value)', () => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': inject(TokenKey)! } }));
    const seen: unknown[] = [];
    const Child = defineComponent(() => {
      seen.push(TodoHooks.useGet());
      return () => null;
    });
    const Root = defineComponent(() => () => [h(Child), h(Child)]);
    mount(Root, { global: { provide: { [TokenKey as symbol]: 'same' } } }).unmount();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
