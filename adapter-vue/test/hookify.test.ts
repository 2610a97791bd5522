import { defineComponent, h, inject, Suspense, type InjectionKey } from 'vue';
import { mount } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, resource, RestEndpoint } from '@resto/core';
import { createResto, hookifyResource, useController, useSuspense } from '../src';
import { json, recordFetches, timersPass, until } from '@resto/testing';
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

describe('hookifyResource: remaining members', () => {
  const mountWithToken = (component: ReturnType<typeof defineComponent>, token: string) => {
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(component), fallback: () => h('p', 'loading') }));
    return mount(Root, { global: { plugins: [createResto({ client: createClient() })], provide: { [TokenKey as symbol]: token } } });
  };

  it('useGetList().unshift, useUpdate() and useDelete() send the injected token and update the list', async () => {
    const own = await startTodoServer();
    own.routes['PUT *'] = (hit, res) => json(res, { id: 2, completed: false, ...JSON.parse(hit.body) });
    const TodoResource = resource({ urlPrefix: own.url, path: '/todos/:id', schema: Todo });
    const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': inject(TokenKey)! } }));
    let unshift!: (title: string) => Promise<unknown>;
    let replace!: (id: number, title: string) => Promise<unknown>;
    let remove!: (id: number) => Promise<unknown>;
    const List = defineComponent({
      async setup() {
        const ctrl = useController();
        const getList = TodoHooks.useGetList();
        const update = TodoHooks.useUpdate();
        const del = TodoHooks.useDelete();
        unshift = (title) => ctrl.fetch(getList.unshift, { title });
        replace = (id, title) => ctrl.fetch(update, { id }, { title, completed: false });
        remove = (id) => ctrl.fetch(del, { id });
        const todos = await useSuspense(getList);
        return () => h('ul', todos.value.map((t) => h('li', { key: t.id }, t.title)));
      },
    });
    const wrapper = mountWithToken(List, 'secret-u');
    try {
      const titles = () => wrapper.findAll('li').map((li) => li.text());
      await until(() => titles().length === 2);
      expect(titles()).toEqual(['one', 'two']);

      await unshift('zero');
      await until(() => titles().length === 3);
      expect(titles()).toEqual(['zero', 'one', 'two']);

      await replace(2, 'two replaced');
      await until(() => titles()[2] === 'two replaced');

      await remove(1);
      await until(() => titles().length === 2);
      expect(titles()).toEqual(['zero', 'two replaced']);

      expect(own.hits.map((hit) => [hit.method, hit.url, hit.headers['access-token']])).toEqual([
        ['GET', '/todos', 'secret-u'],
        ['POST', '/todos', 'secret-u'],
        ['PUT', '/todos/2', 'secret-u'],
        ['DELETE', '/todos/1', 'secret-u'],
      ]);
      expect(JSON.parse(own.hits[1]!.body)).toEqual({ title: 'zero' });
      expect(JSON.parse(own.hits[2]!.body)).toEqual({ title: 'two replaced', completed: false });
    } finally {
      wrapper.unmount();
      await own.close();
    }
  });

  it('useGetList().getPage (with paginationField) GETs ?page=2 with the token and appends the page', async () => {
    const own = await startTodoServer();
    own.routes['GET /todos'] = (hit, res) =>
      json(res, hit.url.includes('page=2') ? [{ id: 3, title: 'three', completed: false }] : [{ id: 1, title: 'one', completed: false }]);
    const Paged = resource({ urlPrefix: own.url, path: '/todos/:id', schema: Todo, paginationField: 'page' });
    const PagedHooks = hookifyResource(Paged, () => ({ headers: { 'Access-Token': inject(TokenKey)! } }));
    let more!: () => Promise<unknown>;
    const List = defineComponent({
      async setup() {
        const ctrl = useController();
        const getList = PagedHooks.useGetList();
        more = () => ctrl.fetch(getList.getPage, { page: 2 });
        const todos = await useSuspense(getList);
        return () => h('ul', todos.value.map((t) => h('li', { key: t.id }, t.title)));
      },
    });
    const wrapper = mountWithToken(List, 'secret-p');
    try {
      const titles = () => wrapper.findAll('li').map((li) => li.text());
      await until(() => titles().length === 1);
      await more();
      await until(() => titles().length === 2);
      expect(titles()).toEqual(['one', 'three']);
      expect(own.hits.map((hit) => [hit.method, hit.url, hit.headers['access-token']])).toEqual([
        ['GET', '/todos', 'secret-p'],
        ['GET', '/todos?page=2', 'secret-p'],
      ]);
    } finally {
      wrapper.unmount();
      await own.close();
    }
  });
});

describe('useSuspense and pollFrequency', () => {
  it('a suspense read of a polling endpoint does not poll', async () => {
    const own = await startTodoServer();
    const get = new RestEndpoint({ urlPrefix: own.url, path: '/todos/:id', schema: Todo, pollFrequency: 40 });
    const Detail = defineComponent({
      async setup() {
        const todo = await useSuspense(get, { id: 1 });
        return () => h('h1', todo.value.title);
      },
    });
    const Root = defineComponent(() => () => h(Suspense, null, { default: () => h(Detail), fallback: () => h('p', 'loading') }));
    const wrapper = mount(Root, { global: { plugins: [createResto({ client: createClient() })] } });
    try {
      await until(() => wrapper.find('h1').exists());
      expect(wrapper.find('h1').text()).toBe('one');
      const fetched = recordFetches();
      await timersPass(own, 40, 3); // three poll periods pass
      expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
      expect(own.count('GET', '/todos/1')).toBe(1);
    } finally {
      wrapper.unmount();
      await own.close();
    }
  });
});
