import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Collection } from '../../src/schema/Collection';
import { Query, Values, schema } from '../../src/schema';
import { denormalize } from '../../src/normalize';
import { RestEndpoint } from '../../src/rest';
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

const makeList = () =>
  new RestEndpoint({
    urlPrefix: api.url,
    path: '/todos',
    searchParams: {} as { userId?: number; page?: number; cursor?: number },
    schema: new Collection([Todo]),
  });

describe('Collection extenders on RestEndpoint', () => {
  it('push/unshift are POST, remove/move PATCH, same path, with a body', async () => {
    const list = makeList();
    expect([list.push.method, list.unshift.method, list.assign.method]).toEqual(['POST', 'POST', 'POST']);
    expect([list.remove.method, list.move.method]).toEqual(['PATCH', 'PATCH']);
    expect(list.push.path).toBe('/todos');
    await list.push({ userId: 2 }, { title: 'x' });
    expect(last()).toMatchObject({ method: 'POST', url: '/todos?userId=2', body: '{"title":"x"}' });
    expectTypeOf(list.push).toBeCallableWith({ title: 'x' });
  });

  it('remove takes the entities out of matching lists and stores the response', async () => {
    const list = makeList();
    const store = new TestStore();
    await store.fetch(list, { userId: 1 });
    await store.fetch(list);
    // a DELETE that uses the collection's remove schema
    const removeTodo = new RestEndpoint({
      urlPrefix: api.url,
      path: '/todos/:id',
      method: 'DELETE',
      schema: list.schema.remove,
      process: (_value: unknown, params: { id: number }) => api.todos.find((t) => t.id === params.id) ?? { id: params.id, userId: 1 },
    });
    store.set(removeTodo, [{ id: 2 }], { id: 2, userId: 1, title: 'b', completed: true });
    expect(titles(store.get(list, { userId: 1 }))).toEqual(['a', 'd', 'e']);
    expect(titles(store.get(list))).toEqual(['a', 'c', 'd', 'e']);
    // the PATCH form
    store.set(list.remove, [{ userId: 1 }, { id: 4 }], { id: 4, userId: 1, title: 'D', completed: false });
    expect(titles(store.get(list, { userId: 1 }))).toEqual(['a', 'e']);
    expect(removeTodo.sideEffect).toBe(true);
  });

  it('assign merges a map of entities into Values collections', () => {
    const byId = new RestEndpoint({ path: '/todo-map', schema: new Collection(new Values(Todo)) });
    const store = new TestStore();
    store.set(byId, [], { a: { id: 1, title: 'a' } });
    store.set(byId.assign, [{}], { b: { id: 2, title: 'b' } });
    const map = store.get(byId) as Record<string, Todo>;
    expect(Object.keys(map).sort()).toEqual(['a', 'b']);
    expect(map.b!.title).toBe('b');
    expect(byId.assign.method).toBe('POST');
  });

  it('paginated(field) appends to the list named by the other args, without duplicates', async () => {
    const list = makeList();
    const nextPage = list.paginated('page');
    const store = new TestStore();
    store.set(list, [{ userId: 1 }], [{ id: 1, userId: 1, title: 'a' }, { id: 2, userId: 1, title: 'b' }]);
    store.set(list, [{ userId: 2 }], [{ id: 3, userId: 2, title: 'c' }]);
    await store.fetch(nextPage, { userId: 1, page: 2 });
    await store.fetch(nextPage, { userId: 1, page: 1 }); // overlapping page: no duplicates
    expect(last().url).toBe('/todos?page=1&userId=1');
    expect(titles(store.get(list, { userId: 1 }))).toEqual(['a', 'b', 'd', 'e']);
    expect(titles(store.get(list, { userId: 2 }))).toEqual(['c']);
    expect(nextPage.paginationField).toBe('page');
    expectTypeOf(nextPage).toBeCallableWith({ page: 2 });
    // @ts-expect-error the cursor field is required
    void (() => nextPage({ userId: 1 }));
  });

  it('paginated(removeCursor) maps page args to the original list args', async () => {
    const list = makeList();
    const byCursor = list.paginated(({ cursor: _cursor, ...rest }: { cursor: number; userId?: number }) => [rest]);
    const store = new TestStore();
    store.set(list, [{ userId: 1 }], [{ id: 1, userId: 1, title: 'a' }]);
    store.set(byCursor, [{ userId: 1, cursor: 9 }], [{ id: 5, userId: 1, title: 'e' }, { id: 1, userId: 1, title: 'a' }]);
    expect(titles(store.get(list, { userId: 1 }))).toEqual(['a', 'e']);
    expect(byCursor.url({ userId: 1, cursor: 9 })).toBe(`${api.url}/todos?cursor=9&userId=1`);
    expectTypeOf(byCursor).parameters.toEqualTypeOf<[{ cursor: number; userId?: number }]>();
  });

  it('getPage needs paginationField; without a Collection the extenders have no schema', () => {
    const list = makeList();
    expect(list.getPage).toBeUndefined();
    const paged = new RestEndpoint({ path: '/todos', schema: new Collection([Todo]), paginationField: 'page' });
    expect(paged.getPage.method).toBe('GET');
    expect(paged.getPage).toBe(paged.getPage);
    const plain = new RestEndpoint({ path: '/todos', schema: [Todo], name: 'Todo.list' });
    expect(plain.push.schema).toBeUndefined();
    expectTypeOf(plain.push.schema).toEqualTypeOf<undefined>();
  });

  it('a Collection nested in a page shape: push and move answer one item, move uses movePath', async () => {
    const paged = new RestEndpoint({
      urlPrefix: api.url,
      path: '/todos',
      movePath: '/todos/:id',
      searchParams: {} as { userId?: number },
      schema: { nextPage: '', data: { results: new Collection([Todo]) } },
    });
    const collection = paged.schema.data.results;
    expect(paged.push.schema).toBe(collection.push);
    expect(paged.move.schema).toBe(collection.move);
    expect(paged.move.path).toBe('/todos/:id');
    expect(paged.push.path).toBe('/todos');
    expectTypeOf(paged.move.schema).toEqualTypeOf<typeof collection.move>();
    expectTypeOf(paged.move.path).toEqualTypeOf<'/todos/:id'>();

    const store = new TestStore();
    const page = (results: object[]) => ({ nextPage: '', data: { results } });
    store.set(paged, [{ userId: 1 }], page([{ id: 1, userId: 1, title: 'a' }, { id: 2, userId: 1, title: 'b' }]));
    store.set(paged, [{ userId: 2 }], page([{ id: 3, userId: 2, title: 'c' }]));
    store.set(paged.push, [{ userId: 1 }, { title: 'new' }], { id: 4, userId: 1, title: 'new' });
    store.set(paged.move, [{ id: 2 }, { userId: 2 }], { id: 2, userId: 2, title: 'b' });
    const read = (userId: number) => titles((store.get(paged, { userId }) as { data: { results: Todo[] } }).data.results);
    expect(read(1)).toEqual(['a', 'new']);
    expect(read(2)).toEqual(['c', 'b']);
    await paged.move({ id: 2 }, { userId: 2 });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/todos/2' });
  });

  it('finds a Collection inside new schema.Object(...): push and getPage change its lists', () => {
    const list = new RestEndpoint({
      path: '/todos',
      searchParams: {} as { userId?: number },
      schema: new schema.Object({ results: new Collection([Todo]), nextPage: '' }),
      paginationField: 'cursor',
    });
    expect(list.push.schema).toBe(list.schema.schema.results.push);
    expectTypeOf(list.push.schema).toEqualTypeOf<typeof list.schema.schema.results.push>();
    const store = new TestStore();
    store.set(list, [{ userId: 1 }], { results: [{ id: 1, userId: 1, title: 'a' }], nextPage: '2' });
    store.set(list.getPage, [{ userId: 1, cursor: 2 }], { results: [{ id: 2, userId: 1, title: 'b' }], nextPage: '' });
    store.set(list.push, [{ userId: 1 }, { title: 'c' }], { id: 3, userId: 1, title: 'c' });
    expect(titles((store.get(list, { userId: 1 }) as { results: Todo[] }).results)).toEqual(['a', 'b', 'c']);
  });

  it('finds the Collection a Query schema filters: push and getPage change its lists, reads stay filtered', () => {
    const todos = new Collection([Todo]);
    const list = new RestEndpoint({
      path: '/todos',
      searchParams: {} as { userId?: number; completed?: boolean },
      schema: new Query(todos, (items: Todo[], args?: { completed?: boolean }) =>
        args?.completed === undefined ? items : items.filter((t) => t.completed === args.completed),
      ),
      paginationField: 'cursor',
    });
    expect(list.push.schema).toBe(todos.push);
    expectTypeOf(list.push.schema).toEqualTypeOf<typeof todos.push>();
    expect(list.getPage.schema).toBeInstanceOf(Query);
    const store = new TestStore();
    store.set(list, [{ userId: 1 }], [{ id: 1, userId: 1, title: 'a', completed: true }]);
    store.set(list.getPage, [{ userId: 1, cursor: 2 }], [{ id: 2, userId: 1, title: 'b', completed: false }]);
    store.set(list.push, [{ userId: 1 }, { title: 'c' }], { id: 3, userId: 1, title: 'c', completed: true });
    expect(titles(store.get(list, { userId: 1 }))).toEqual(['a', 'b', 'c']);
    // the filter sees the pushed item too
    const key = todos.pk(undefined, undefined, '', [{ userId: 1 }]);
    expect(titles(denormalize(list.schema, key, store.entities, [{ userId: 1, completed: true }]))).toEqual(['a', 'c']);
  });

  it('finds a Collection nested in an object schema', () => {
    const list = new RestEndpoint({
      path: '/todos',
      schema: { results: new Collection([Todo]), cursor: Number },
      paginationField: 'cursor',
    });
    const store = new TestStore();
    store.set(list, [{}], { results: [{ id: 1, title: 'a' }], cursor: '2' });
    store.set(list.getPage, [{ cursor: 2 }], { results: [{ id: 2, title: 'b' }], cursor: '3' });
    const value = store.get(list, {}) as { results: Todo[] };
    expect(titles(value.results)).toEqual(['a', 'b']);
  });
});
