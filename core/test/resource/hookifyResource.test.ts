import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { hookifyResource, resource } from '../../src/rest';
import { startApi, Todo } from './api';


let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
const last = () => api.requests.at(-1)!;

describe('hookifyResource', () => {
  const makeHooks = () => {
    let token = 'first';
    const TodoResource = resource({
      urlPrefix: api.url,
      path: '/todos/:id',
      schema: Todo,
      paginationField: 'page',
      requestInit: { headers: { 'x-base': 'kept' } },
    });
    const hooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': token } }));
    return { hooks, TodoResource, setToken: (t: string) => (token = t) };
  };

  it('has one hook per member, each returning an endpoint with the init applied', async () => {
    const { hooks, setToken } = makeHooks();
    // useCreate: the deprecated create member (getList.push)
    expect(Object.keys(hooks).sort()).toEqual(['useCreate', 'useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
    await hooks.useGet()({ id: 1 });
    expect(last()).toMatchObject({ method: 'GET', url: '/todos/1' });
    expect(last().headers['access-token']).toBe('first');
    expect(last().headers['x-base']).toBe('kept');
    // getInit is read on every hook call (each render)
    setToken('second');
    await hooks.useGet()({ id: 1 });
    expect(last().headers['access-token']).toBe('second');
  });

  it('covers every row: methods, paths and list extenders', async () => {
    const { hooks } = makeHooks();
    const rows: [() => Promise<unknown>, string, string][] = [
      [() => hooks.useGetList()(), 'GET', '/todos'],
      [() => hooks.useGetList().push({ title: 'p' }), 'POST', '/todos'],
      [() => hooks.useGetList().unshift({ title: 'u' }), 'POST', '/todos'],
      [() => hooks.useGetList().getPage({ page: 2 }), 'GET', '/todos?page=2'],
      [() => hooks.useUpdate()({ id: 1 }, { title: 'x' }), 'PUT', '/todos/1'],
      [() => hooks.usePartialUpdate()({ id: 1 }, { title: 'y' }), 'PATCH', '/todos/1'],
      [() => hooks.useDelete()({ id: 4 }), 'DELETE', '/todos/4'],
    ];
    for (const [call, method, url] of rows) {
      await call();
      expect(last()).toMatchObject({ method, url });
      expect(last().headers['access-token']).toBe('first');
    }
    expect(hooks.useGetList().move.url({ id: 3 })).toBe(`${api.url}/todos/3`);
  });

  it('keeps schemas, the delete process rule and types', async () => {
    const { hooks, TodoResource } = makeHooks();
    expect(hooks.useGet().schema).toBe(TodoResource.get.schema);
    expect(hooks.useGetList().schema).toBe(TodoResource.getList.schema);
    expect(hooks.useDelete().process({}, { id: 9 })).toEqual({ id: 9 });
    expectTypeOf(hooks.useGet).returns.toEqualTypeOf<typeof TodoResource.get>();
    expectTypeOf(hooks.useGetList().getPage).toBeCallableWith({ page: 1 });
    // @ts-expect-error no hook for a member that does not exist
    void hooks.useMissing;
  });
});

describe('hookifyResource endpoint cache', () => {
  const TodoResource = () => resource({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });

  it('gives the same endpoint for equal init values, even when getInit builds a new object each call', () => {
    let token = 'a';
    const hooks = hookifyResource(TodoResource(), () => ({ headers: { 'Access-Token': token } }));
    const first = hooks.useGet();
    expect(hooks.useGet()).toBe(first);
    expect(hooks.useGetList()).toBe(hooks.useGetList());
    expect(hooks.useGetList()).not.toBe(first);
    token = 'b';
    const second = hooks.useGet();
    expect(second).not.toBe(first);
    expect(second.requestInit?.headers).toMatchObject({ 'Access-Token': 'b' });
    token = 'a';
    expect(hooks.useGet()).toBe(first);
  });

  it('compares headers by value (any case, any form) and other options by identity', () => {
    let init: RequestInit = { headers: { 'X-Token': 't' } };
    const hooks = hookifyResource(TodoResource(), () => init);
    const first = hooks.useGet();
    init = { headers: new Headers({ 'x-token': 't' }) };
    expect(hooks.useGet()).toBe(first);
    const signal = new AbortController().signal;
    init = { headers: { 'X-Token': 't' }, signal };
    const withSignal = hooks.useGet();
    expect(withSignal).not.toBe(first);
    init = { headers: { 'X-Token': 't' }, signal };
    expect(hooks.useGet()).toBe(withSignal);
    init = { headers: { 'X-Token': 't' }, signal: new AbortController().signal };
    expect(hooks.useGet()).not.toBe(withSignal);
  });

  it('keeps the 32 most recent init values', () => {
    let token = 0;
    const hooks = hookifyResource(TodoResource(), () => ({ headers: { 'Access-Token': String(token) } }));
    const first = hooks.useGet();
    for (token = 1; token <= 31; token++) hooks.useGet();
    token = 0;
    expect(hooks.useGet()).toBe(first); // 32 values: still remembered, and now the most recent
    for (token = 100; token < 132; token++) hooks.useGet();
    token = 0;
    expect(hooks.useGet()).not.toBe(first);
  });
});
