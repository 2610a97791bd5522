import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Collection } from '../../src/schema/Collection';
import { Entity, Union } from '../../src/schema';
import { resource, RestEndpoint, type RestGenerics } from '../../src/rest';
import { startApi, TestStore, Todo } from './api';


let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await fetch(`${api.url}/reset`, { method: 'POST' });
});
const last = () => api.requests.at(-1)!;
const titles = (value: unknown) => (value as Todo[]).map((t) => t.title);

const makeTodoResource = () =>
  resource({
    urlPrefix: api.url,
    path: '/todos/:id',
    schema: Todo,
    searchParams: {} as { userId?: number; completed?: boolean },
    body: {} as Partial<Todo>,
    paginationField: 'page',
  });

describe('resource members: method, URL, body', () => {
  it('get: GET {path}', async () => {
    const TodoResource = makeTodoResource();
    const todo = await TodoResource.get({ id: 1 });
    expect(last()).toMatchObject({ method: 'GET', url: '/todos/1' });
    expect(todo).toMatchObject({ id: 1, title: 'a' });
    expectTypeOf(TodoResource.get).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(todo).toEqualTypeOf<Todo>();
    expect(TodoResource.get.name).toBe('Todo.get');
  });

  it('getList: GET {listPath} with searchParams as a sorted query', async () => {
    const TodoResource = makeTodoResource();
    await TodoResource.getList({ userId: 1, completed: false });
    expect(last()).toMatchObject({ method: 'GET', url: '/todos?completed=false&userId=1' });
    await TodoResource.getList();
    expect(last().url).toBe('/todos');
    expectTypeOf(TodoResource.getList).parameters.toEqualTypeOf<
      [params?: { userId?: number; completed?: boolean }]
    >();
    expectTypeOf(TodoResource.getList(undefined)).resolves.toEqualTypeOf<Todo[]>();
    // @ts-expect-error getList takes no body
    void (() => TodoResource.getList({ userId: 1 }, { title: 'x' }));
  });

  it('getList.push and unshift: POST {listPath} with a JSON body', async () => {
    const TodoResource = makeTodoResource();
    const created = await TodoResource.getList.push({ userId: 1, title: 'new' });
    expect(last()).toMatchObject({ method: 'POST', url: '/todos' });
    expect(JSON.parse(last().body)).toEqual({ userId: 1, title: 'new' });
    expect(created).toMatchObject({ id: 100, title: 'new' });
    await TodoResource.getList.unshift({ userId: 2 }, { title: 'first' });
    expect(last()).toMatchObject({ method: 'POST', url: '/todos?userId=2' });
    expect(TodoResource.getList.push.sideEffect).toBe(true);
    expect(TodoResource.getList.push).toBe(TodoResource.getList.push);
    expect(TodoResource.getList.push.name).toBe('Todo.getList.push');
    expectTypeOf(TodoResource.getList.push).toBeCallableWith({ title: 'x' });
    // @ts-expect-error the body is a partial Todo
    void (() => TodoResource.getList.push({ title: 5 }));
  });

  it('getList.getPage: GET {listPath} with the pagination field as query', async () => {
    const TodoResource = makeTodoResource();
    await TodoResource.getList.getPage({ userId: 1, page: 2 });
    expect(last()).toMatchObject({ method: 'GET', url: '/todos?page=2&userId=1' });
    expectTypeOf(TodoResource.getList.getPage).toBeCallableWith({ page: 2 });
    // @ts-expect-error the page is required
    void (() => TodoResource.getList.getPage({ userId: 1 }));
  });

  it('getList.getPage exists only with paginationField', () => {
    const Plain = resource({ path: '/todos/:id', schema: Todo });
    expect(Plain.getList.getPage).toBeUndefined();
    expect('getPage' in Plain.getList).toBe(false);
    // @ts-expect-error no paginationField, no getPage
    void (() => Plain.getList.getPage({ page: 1 }));
  });

  it('getList.move: PATCH {path} with the new values', async () => {
    const TodoResource = makeTodoResource();
    await TodoResource.getList.move({ id: 1 }, { completed: true });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/todos/1' });
    expect(JSON.parse(last().body)).toEqual({ completed: true });
    expectTypeOf(TodoResource.getList.move).parameters.toEqualTypeOf<
      [params: { id: string | number; userId?: number; completed?: boolean }, body: Partial<Todo>]
    >();
  });

  it('getList.move keeps the item path, its identity and optimistic response on every copy of getList', () => {
    for (const optimistic of [false, true]) {
      const R = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo, optimistic });
      expect(R.getList.move).toBe(R.getList.move);
      const copies = [
        R.getList,
        R.getList.extend({ dataExpiryLength: 1 }),
        R.getList.extend({ dataExpiryLength: 1 }).extend({ path: '/v2/todos' }),
        R.extend({ getList: { dataExpiryLength: 1 } }).getList,
        R.extend('getList', { path: '/v2/todos' }).getList,
      ];
      for (const list of copies) {
        expectTypeOf(list.move.path).toEqualTypeOf<'/todos/:id'>();
        expect(list.move.path).toBe('/todos/:id');
        expect(list.move.url({ id: 3 })).toBe(`${api.url}/todos/3`);
        expect(list.move.method).toBe('PATCH');
        expect(list.move.key({ id: 3 }, {})).toBe(`PATCH ${api.url}/todos/3`);
      }
      const resourceCopy = R.extend({ getList: {} }).getList;
      expect(typeof resourceCopy.move.getOptimisticResponse).toBe(optimistic ? 'function' : 'undefined');
      expect(typeof resourceCopy.push.getOptimisticResponse).toBe(optimistic ? 'function' : 'undefined');
      expect(typeof R.getList.unshift.getOptimisticResponse).toBe(optimistic ? 'function' : 'undefined');
      expect(R.getList.push.path).toBe('/todos');
    }
  });

  it('update: PUT {path}; partialUpdate: PATCH {path}; delete: DELETE {path}', async () => {
    const TodoResource = makeTodoResource();
    expect(await TodoResource.update({ id: 2 }, { title: 'B', userId: 1, completed: true })).toMatchObject({
      id: 2,
      title: 'B',
    });
    expect(last()).toMatchObject({ method: 'PUT', url: '/todos/2' });
    await TodoResource.partialUpdate({ id: 2 }, { title: 'BB' });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/todos/2', body: '{"title":"BB"}' });
    // the API answers {} to DELETE: process falls back to the URL params
    expect(await TodoResource.delete({ id: 2 })).toEqual({ id: 2 });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/todos/2', body: '' });
    expect(TodoResource.delete.process({ id: 7, gone: true }, { id: 7 })).toEqual({ id: 7, gone: true });
    expect(TodoResource.delete.process('7', { id: 7 })).toEqual({ id: 7 });
    expect(TodoResource.delete.process(null, { id: 7 })).toEqual({ id: 7 });
    // @ts-expect-error delete has no body
    void (() => TodoResource.delete({ id: 1 }, {}));
    // @ts-expect-error update needs the id
    void (() => TodoResource.update({}, { title: 'x' }));
  });

  it('urlPrefix and extra endpoint options reach every member', () => {
    const errorPolicy = () => 'soft' as const;
    const R = resource({
      urlPrefix: 'http://api',
      path: '/todos/:id',
      schema: Todo,
      dataExpiryLength: 1,
      errorExpiryLength: 2,
      errorPolicy,
      invalidIfStale: true,
      pollFrequency: 3,
    });
    for (const member of [R.get, R.getList, R.getList.push, R.getList.move, R.update, R.partialUpdate, R.delete]) {
      expect(member.urlPrefix).toBe('http://api');
      expect({ ...member }).toMatchObject({
        dataExpiryLength: 1,
        errorExpiryLength: 2,
        errorPolicy,
        invalidIfStale: true,
        pollFrequency: 3,
      });
    }
  });

  it('{listPath} drops the last path token for nested resources', async () => {
    const Comments = resource({ urlPrefix: api.url, path: '/todos/:todoId/comments/:id', schema: Todo });
    expect(Comments.getList.url({ todoId: 5 })).toBe(`${api.url}/todos/5/comments`);
    expectTypeOf(Comments.getList).toBeCallableWith({ todoId: 5 });
    // without declared searchParams any filter args are accepted
    expectTypeOf(Comments.getList).toBeCallableWith({ todoId: 5, author: 'ada' });
    // @ts-expect-error the path parameter is still required
    void (() => Comments.getList({ author: 'ada' }));
  });
});

describe('stored state through normalize', () => {
  it('push adds at the end and unshift at the start of every matching list', async () => {
    const TodoResource = makeTodoResource();
    const store = new TestStore();
    await store.fetch(TodoResource.getList);
    await store.fetch(TodoResource.getList, { userId: 1 });
    await store.fetch(TodoResource.getList, { userId: 2 });
    await store.fetch(TodoResource.getList, { userId: 1, completed: true });

    await store.fetch(TodoResource.getList.push, { userId: 1, title: 'pushed' });
    await store.fetch(TodoResource.getList.unshift, { userId: 1, title: 'unshifted' });

    expect(titles(store.get(TodoResource.getList))).toEqual(['unshifted', 'a', 'b', 'c', 'd', 'e', 'pushed']);
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))).toEqual(['unshifted', 'a', 'b', 'd', 'e', 'pushed']);
    expect(titles(store.get(TodoResource.getList, { userId: 2 }))).toEqual(['c']);
    // new todos are not completed: the completed list is unchanged
    expect(titles(store.get(TodoResource.getList, { userId: 1, completed: true }))).toEqual(['b']);
  });

  it('getPage appends a page without duplicates', async () => {
    const TodoResource = makeTodoResource();
    const store = new TestStore();
    await store.fetch(TodoResource.getList, { userId: 1 });
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))).toEqual(['a', 'b', 'd', 'e']);
    const first = new TestStore();
    await first.fetch(TodoResource.getList, { userId: 1, page: 1 } as never);
    // page 1 is stored under its own args; page 2 appends to the list without the cursor
    await store.fetch(TodoResource.getList.getPage, { userId: 1, page: 2 });
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))).toEqual(['a', 'b', 'd', 'e']);

    const paged = new TestStore();
    paged.set(TodoResource.getList, [{ userId: 1 }], api.todos.filter((t) => t.userId === 1).slice(0, 2));
    await paged.fetch(TodoResource.getList.getPage, { userId: 1, page: 2 });
    await paged.fetch(TodoResource.getList.getPage, { userId: 1, page: 2 });
    expect(titles(paged.get(TodoResource.getList, { userId: 1 }))).toEqual(['a', 'b', 'd', 'e']);
    // other lists are untouched
    await paged.fetch(TodoResource.getList, { userId: 2 });
    await paged.fetch(TodoResource.getList.getPage, { userId: 1, page: 3 });
    expect(titles(paged.get(TodoResource.getList, { userId: 2 }))).toEqual(['c']);
  });

  it('move takes an item out of lists matching its old values and into those matching the new', async () => {
    const TodoResource = makeTodoResource();
    const store = new TestStore();
    await store.fetch(TodoResource.getList, { userId: 1, completed: false });
    await store.fetch(TodoResource.getList, { userId: 1, completed: true });
    await store.fetch(TodoResource.getList.move, { id: 1 }, { completed: true });
    expect(titles(store.get(TodoResource.getList, { userId: 1, completed: false }))).toEqual(['d', 'e']);
    expect(titles(store.get(TodoResource.getList, { userId: 1, completed: true }))).toEqual(['b', 'a']);
  });

  it('delete removes the item from every list', async () => {
    const TodoResource = makeTodoResource();
    const store = new TestStore();
    await store.fetch(TodoResource.getList);
    await store.fetch(TodoResource.getList, { userId: 1 });
    await store.fetch(TodoResource.get, { id: 4 });
    await store.fetch(TodoResource.delete, { id: 4 });
    expect(titles(store.get(TodoResource.getList))).toEqual(['a', 'b', 'c', 'e']);
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))).toEqual(['a', 'b', 'e']);
  });

  it('update and partialUpdate change the entity everywhere it appears', async () => {
    const TodoResource = makeTodoResource();
    const store = new TestStore();
    await store.fetch(TodoResource.getList);
    await store.fetch(TodoResource.getList, { userId: 1 });
    await store.fetch(TodoResource.get, { id: 1 });
    await store.fetch(TodoResource.update, { id: 1 }, { title: 'A', userId: 1, completed: false });
    expect(titles(store.get(TodoResource.getList))[0]).toBe('A');
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))[0]).toBe('A');
    await store.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'AA' });
    expect((store.get(TodoResource.get, { id: 1 }) as Todo).title).toBe('AA');
    expect(titles(store.get(TodoResource.getList, { userId: 1 }))[0]).toBe('AA');
  });

  it('the Collection option customises list behaviour (push prepends)', async () => {
    class NewestFirst<S extends any[] = any> extends Collection<S> {
      override get push() {
        return this.unshift;
      }
    }
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo, Collection: NewestFirst });
    const store = new TestStore();
    await store.fetch(TodoResource.getList);
    await store.fetch(TodoResource.getList.push, { userId: 3, title: 'newest' });
    expect(titles(store.get(TodoResource.getList))[0]).toBe('newest');
  });

  it('nonFilterArgumentKeys: those args do not filter the lists', async () => {
    const TodoResource = resource({
      urlPrefix: api.url,
      path: '/todos/:id',
      schema: Todo,
      searchParams: {} as { userId?: number; orderBy?: string },
      nonFilterArgumentKeys: ['orderBy'],
    });
    const store = new TestStore();
    await store.fetch(TodoResource.getList, { userId: 2, orderBy: 'title' });
    await store.fetch(TodoResource.getList.push, { userId: 2, title: 'z' });
    expect(titles(store.get(TodoResource.getList, { userId: 2, orderBy: 'title' }))).toEqual(['c', 'z']);
  });
});

describe('optimistic: true (the default of data-client)', () => {
  const snapshot = (stored?: object) => ({
    abort: new Error('abort'),
    fetchedAt: 0,
    get: () => stored,
  });

  it('gives every mutation member a getOptimisticResponse', () => {
    const R = resource({ path: '/todos/:id', schema: Todo, optimistic: true });
    expect(R.get.getOptimisticResponse).toBeUndefined();
    expect(R.getList.getOptimisticResponse).toBeUndefined();
    expect(R.update.getOptimisticResponse!(snapshot(), { id: 1 }, { title: 'x' })).toEqual({ id: 1, title: 'x' });
    expect(
      R.partialUpdate.getOptimisticResponse!(snapshot({ id: 1, title: 'old', completed: false }), { id: 1 }, { completed: true }),
    ).toEqual({ id: 1, title: 'old', completed: true });
    const s = snapshot();
    expect(() => R.partialUpdate.getOptimisticResponse!(s, { id: 1 }, { completed: true })).toThrow(s.abort);
    expect(R.delete.getOptimisticResponse!(snapshot(), { id: 1 })).toEqual({ id: 1 });
    expect(R.getList.push.getOptimisticResponse!(snapshot(), { title: 'n' })).toEqual({ title: 'n' });
    expect(R.getList.unshift.getOptimisticResponse!(snapshot(), { title: 'n' })).toEqual({ title: 'n' });
    expect(
      R.getList.move.getOptimisticResponse!(snapshot({ id: 1, completed: false }), { id: 1 }, { completed: true }),
    ).toEqual({ id: 1, completed: true });
    // without the option there are none
    const plain = resource({ path: '/todos/:id', schema: Todo });
    expect(plain.update.getOptimisticResponse).toBeUndefined();
    expect(plain.getList.push.getOptimisticResponse).toBeUndefined();
  });

  it("every copy of getList keeps its optimistic adds and move, as it keeps move's item path", () => {
    const R = resource({ path: '/todos/:id', schema: Todo, optimistic: true });
    const copy = R.getList.extend({ dataExpiryLength: 1 });
    expect(copy.push.getOptimisticResponse!(snapshot(), { title: 'n' })).toEqual({ title: 'n' });
    expect(copy.move.getOptimisticResponse!(snapshot({ id: 1, completed: false }), { id: 1 }, { completed: true })).toEqual({
      id: 1,
      completed: true,
    });
    // assign and remove answer nothing optimistically, as on the resource's own getList
    expect(copy.remove.getOptimisticResponse).toBeUndefined();
    expect(R.getList.assign.getOptimisticResponse).toBeUndefined();
  });
});

describe('Union resources', () => {
  class User extends Entity {
    id = 0;
    name = '';
    type = 'users';
    static override key = 'User';
  }
  class Group extends Entity {
    id = 0;
    title = '';
    type = 'groups';
    static override key = 'Group';
  }

  it('getList holds mixed members; delete invalidates the right member type', async () => {
    const ItemResource = resource({
      urlPrefix: api.url,
      path: '/items/:id',
      schema: new Union({ users: User, groups: Group }, 'type'),
    });
    const store = new TestStore();
    await store.fetch(ItemResource.getList);
    const items = store.get(ItemResource.getList) as (User | Group)[];
    expect(items[0]).toBeInstanceOf(User);
    expect(items[1]).toBeInstanceOf(Group);
    // the server answers { id: 1, type: 'groups' }
    await store.fetch(ItemResource.delete, { id: 1, type: 'groups' } as never);
    const after = store.get(ItemResource.getList) as (User | Group)[];
    expect(after).toHaveLength(1);
    expect(after[0]).toBeInstanceOf(User);
    expect(ItemResource.get.name).toMatch(/^Union\(users\|groups\)\.get$/);
  });
});

describe('resource.extend()', () => {
  it('function form adds members built from the base', async () => {
    const TodoResource = makeTodoResource().extend((base) => ({
      getByUser: base.getList.extend({ path: '/users/:userId/todos' }),
    }));
    expect(TodoResource.getByUser.url({ userId: 3 })).toBe(`${api.url}/users/3/todos`);
    expectTypeOf(TodoResource.getByUser).parameters.toEqualTypeOf<
      [params: { userId: string | number; completed?: boolean }]
    >();
    // the rest is unchanged, extend stays available
    expect(TodoResource.get.url({ id: 1 })).toBe(`${api.url}/todos/1`);
    expect(typeof TodoResource.extend).toBe('function');
  });

  it('object form overrides options of existing members', async () => {
    const TodoResource = makeTodoResource().extend({
      getList: { path: '/todos' },
      update: { body: {} as { title: string } },
    });
    expect(TodoResource.getList.url()).toBe(`${api.url}/todos`);
    expectTypeOf(TodoResource.update).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { title: string }]
    >();
    // getList.move still works on the item path after the override
    expect(TodoResource.getList.move.url({ id: 2 })).toBe(`${api.url}/todos/2`);
    await TodoResource.update({ id: 2 }, { title: 'T' });
    expect(last()).toMatchObject({ method: 'PUT', url: '/todos/2' });
  });

  it('two-argument form adds one member at a time', async () => {
    const UserResource = resource({ urlPrefix: api.url, path: '/users/:id', schema: Todo })
      .extend('current', { path: '/users/1' })
      .extend('rename', { path: '/users/:id/rename', method: 'POST', body: {} as { name: string } });
    expect(await UserResource.current()).toMatchObject({ id: 1 });
    expect(last()).toMatchObject({ method: 'GET', url: '/users/1' });
    expectTypeOf(UserResource.current).parameters.toEqualTypeOf<[]>();
    expectTypeOf(UserResource.rename).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { name: string }]
    >();
    expect(UserResource.rename.url({ id: 2 })).toBe(`${api.url}/users/2/rename`);
    expect(UserResource.rename.name).toBe('Todo.rename');
    expect(UserResource.get.name).toBe('Todo.get');
  });

  it('a member added by name may have a name Object.prototype has', () => {
    const R = resource({ urlPrefix: api.url, path: '/users/:id', schema: Todo }).extend('valueOf', { path: '/users/1' });
    expect([R.valueOf.name, R.valueOf.method, R.valueOf.url()]).toEqual(['Todo.valueOf', 'GET', `${api.url}/users/1`]);
  });

  it('the Endpoint option constructs every member with the given class', async () => {
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override getHeaders(headers: HeadersInit): HeadersInit {
        return { ...headers, 'Access-Token': 'resource-token' };
      }
    }
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo, Endpoint: AuthEndpoint });
    for (const member of [TodoResource.get, TodoResource.getList, TodoResource.getList.push, TodoResource.delete]) {
      expect(member).toBeInstanceOf(AuthEndpoint);
    }
    await TodoResource.partialUpdate({ id: 1 }, { title: 'x' });
    expect(last().headers['access-token']).toBe('resource-token');
  });
});

describe('response transformation patterns', () => {
  class Profile extends Entity {
    id = '';
    name = '';
    static override key = 'Profile';
  }

  it('process copies a URL parameter into a response that lacks its key', async () => {
    const getProfile = new RestEndpoint({
      urlPrefix: api.url,
      path: '/users/:id',
      schema: Profile,
      process: (value: { name: string }, params: { id: string }) => ({ name: value.name, id: params.id }),
    });
    const store = new TestStore();
    await store.fetch(getProfile, { id: '7' });
    const profile = store.get(getProfile, { id: '7' }) as Profile;
    expect(profile).toBeInstanceOf(Profile);
    expect(profile).toMatchObject({ id: '7', name: 'user 7' });
    expect(Object.keys(store.entities.Profile!)).toEqual(['7']);
  });
});
