// @vitest-environment happy-dom
import { createApp, defineComponent, h, nextTick, reactive } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// import { mountDataClient, renderDataCompose } from '@data-client/vue/test';
import { mountDataClient, renderDataCompose } from '@resto/vue/test';
// import { DataClientPlugin, useDLE, useSuspense } from '@data-client/vue';
import { DataClientPlugin, useDLE, useSuspense } from '@resto/vue';
import App, { TodoList } from '../ported/vue/App';
import { Todo, TodoResource, UserResource } from '../ported/vue/resources';
import { startServer, type RunningServer } from '../server/index';

// The ceiling of a wait for an event: it returns as soon as the event happens.
const EVENT_TIMEOUT = 20_000;

const todos = [
  { id: 1, userId: 1, title: 'write tests', completed: false },
  { id: 2, userId: 1, title: 'port app', completed: true },
];

// The app's own tests, as written for data-client's Vue test helpers (fixtures, no server).
describe('ported Vue app: its data-client tests', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  it('useSuspense() gives the promise of the list', async () => {
    const { result, cleanup } = await renderDataCompose(() => useSuspense(TodoResource.getList, { userId: 1 }), {
      resolverFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: todos }],
    });
    cleanups.push(cleanup);
    expect(result).toBeInstanceOf(Promise);
    const list = await result;
    expect(list.value.map((t) => t.title)).toEqual(['write tests', 'port app']);
    expect(list.value[0]).toBeInstanceOf(Todo);
  });

  it('useDLE() loads, then has the data', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(UserResource.get, { id: 1 }), {
      resolverFixtures: [{ endpoint: UserResource.get, args: [{ id: 1 }], response: { id: 1, name: 'Alice', username: 'alice' }, delay: 5 }],
    });
    cleanups.push(cleanup);
    expect(result.loading.value).toBe(true);
    expect(result.data.value).toBeUndefined();
    await waitForNextUpdate();
    expect(result.loading.value).toBe(false);
    expect(result.error.value).toBeUndefined();
    expect(result.data.value?.name).toBe('Alice');
  });

  it('useDLE() reports a failed fetch in error', async () => {
    const { result, waitForNextUpdate, cleanup } = await renderDataCompose(() => useDLE(UserResource.get, { id: 9 }), {
      resolverFixtures: [{ endpoint: UserResource.get, args: [{ id: 9 }], response: Object.assign(new Error('Not Found'), { status: 404 }), error: true }],
    });
    cleanups.push(cleanup);
    await waitForNextUpdate();
    expect(result.error.value?.status).toBe(404);
    expect(result.data.value).toBeUndefined();
  });

  it('getList.push through the controller adds to the list the composable reads', async () => {
    const { result, controller, cleanup } = await renderDataCompose(() => useSuspense(TodoResource.getList, { userId: 1 }), {
      initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: todos }],
      getInitialInterceptorData: () => ({ nextId: 3 }),
      resolverFixtures: [
        {
          endpoint: TodoResource.getList.push,
          response(this: { nextId: number }, _params: unknown, body: Partial<Todo>) {
            return { id: this.nextId++, completed: false, ...body };
          },
        },
      ],
    });
    cleanups.push(cleanup);
    const list = await result;
    await controller.fetch(TodoResource.getList.push, { userId: 1 }, { title: 'ship it', userId: 1 });
    await nextTick();
    expect(list.value.map((t) => t.title)).toEqual(['write tests', 'port app', 'ship it']);
    expect(list.value[2]?.id).toBe(3);
  });

  it('TodoList renders from initial fixtures and follows its userId prop', async () => {
    const props = reactive({ userId: 1 });
    const { wrapper, cleanup } = mountDataClient(TodoList, {
      props,
      initialFixtures: [
        { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: todos },
        { endpoint: TodoResource.getList, args: [{ userId: 2 }], response: [{ id: 5, userId: 2, title: 'other', completed: false }] },
      ],
    });
    cleanups.push(cleanup);
    await flushUntil(() => wrapper.findAll('li').length === 2);
    expect(wrapper.find('.remaining').text()).toBe('1 left');
    props.userId = 2;
    await flushUntil(() => wrapper.findAll('li').length === 1);
    expect(wrapper.find('li').text()).toContain('other');
  });

  it('user list from a resolver fixture', async () => {
    const Users = defineComponent({
      async setup() {
        const users = await useSuspense(UserResource.getList);
        return () => h('ul', users.value.map((u) => h('li', u.name)));
      },
    });
    const { wrapper, allSettled, cleanup } = mountDataClient(Users, {
      resolverFixtures: [{ endpoint: UserResource.getList, args: [], response: [{ id: 1, name: 'Alice', username: 'alice' }] }],
    });
    cleanups.push(cleanup);
    expect(wrapper.find('[data-testid="suspense-fallback"]').exists()).toBe(true);
    await allSettled();
    await flushUntil(() => wrapper.find('li').exists());
    expect(wrapper.find('li').text()).toBe('Alice');
  });
});

async function flushUntil(check: () => boolean, ms = EVENT_TIMEOUT) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
    await nextTick();
  }
}

// The same app against the real e2e server, with the plugin as the app installs it.
describe('ported Vue app: against the e2e server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/`);
  });
  afterAll(() => server.close());

  it('lists, creates, toggles and deletes todos', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const app = createApp(App).use(DataClientPlugin);
    app.mount(el);
    const items = () => [...el.querySelectorAll('li')].map((li) => li.textContent?.replace('delete', '').trim());
    try {
      await flushUntil(() => items().length === 4);
      expect(items()[0]).toBe(server.db.todos.get(1)!.title);
      expect(el.querySelector('.remaining')?.textContent).toBe('3 left');

      const input = el.querySelector<HTMLInputElement>('input[aria-label="new todo"]')!;
      input.value = 'from the port';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      // optimistic: shown at once, then confirmed by the server
      await flushUntil(() => items().includes('from the port') && server.requests.count('POST', '/todos') === 1);
      await flushUntil(() => [...server.db.todos.values()].some((t) => t.title === 'from the port'));

      el.querySelector<HTMLInputElement>('li[data-todo="1"] input')!.click();
      await flushUntil(() => el.querySelector('.remaining')?.textContent === '3 left' && !!server.db.todos.get(1)?.completed);
      el.querySelector<HTMLButtonElement>('li[data-todo="2"] button')!.click();
      await flushUntil(() => !el.querySelector('li[data-todo="2"]') && !server.db.todos.has(2));

      el.querySelectorAll<HTMLButtonElement>('nav button')[1]!.click();
      await flushUntil(() => el.querySelector('li[data-todo="5"]') !== null);
    } finally {
      app.unmount();
    }
  });
});
