import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Endpoint } from '../../src/endpoint';
import { RestEndpoint, type RestGenerics } from '../../src/rest';
import { NetworkManager, createClient } from '../../src';
import { echo, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.handle(echo));

const last = () => server.requests.at(-1)!;

describe('call shape and URL construction', () => {
  it('GET with path params; no ? when every param is used', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
    const result = await get({ id: 5 });
    expect(result).toEqual({ method: 'GET', url: '/users/5', body: null });
    expect(last().url).toBe('/users/5');
    expect(last().body).toBe('');
    expect(get.url({ id: 5 })).toBe(`${server.url}/users/5`);
  });

  it('unused params become a sorted, URL-encoded query', async () => {
    const list = new RestEndpoint({
      urlPrefix: server.url,
      path: '/groups/:group/users',
      searchParams: {} as { sort?: string; filter?: string; page?: number },
    });
    await list({ group: 'a', sort: 'name', filter: 'x y&z', page: 2 });
    expect(last().url).toBe('/groups/a/users?filter=x+y%26z&page=2&sort=name');
    // undefined values are dropped
    await list({ group: 'a', sort: undefined });
    expect(last().url).toBe('/groups/a/users');
  });

  it('an empty array search parameter leaves no dangling "?": same URL and key as without it', () => {
    const list = new RestEndpoint({ urlPrefix: 'http://x', path: '/users', searchParams: {} as { tags?: string[]; a?: number } });
    expect(list.url({ tags: [] })).toBe('http://x/users');
    expect(list.key({ tags: [] })).toBe(list.key({}));
    const search = new RestEndpoint({ urlPrefix: 'http://x', path: '/search?q=a' });
    expect(search.url({ tags: [] })).toBe('http://x/search?q=a');
    expect(list.url({ tags: [], a: 1 })).toBe('http://x/users?a=1');
  });

  it('a search parameter that contains itself is an error naming the endpoint and the parameter', () => {
    const search = new RestEndpoint({ name: 'Todo.search', urlPrefix: 'http://x', path: '/todos' });
    const filter: Record<string, unknown> = { b: 1 };
    filter.self = [filter];
    expect(() => search.url({ filter })).toThrow(
      new TypeError('Todo.search: search parameter "filter" contains itself (a cycle), so it cannot be sent in a URL'),
    );
    // the same object twice, side by side, is no cycle: keys sorted at every depth as before
    class JsonSearch extends RestEndpoint<RestGenerics> {
      override searchToString(params: Record<string, unknown>) {
        return JSON.stringify(params);
      }
    }
    const nested = new JsonSearch({ urlPrefix: 'http://x', path: '/todos' });
    const shared = { d: 1, c: 2 };
    expect(nested.url({ f: [shared, shared] })).toBe('http://x/todos?{"f":[{"c":2,"d":1},{"c":2,"d":1}]}');
  });

  it('every request carries content-type: application/json', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/users' });
    await get();
    expect(last().headers['content-type']).toBe('application/json');
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)('%s sends the last argument as a JSON body', async (method) => {
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method });
    const result = await ep({ id: 3 }, { name: 'Ada', tags: ['x'] });
    expect(last().method).toBe(method);
    expect(last().url).toBe('/users/3');
    expect(JSON.parse(last().body)).toEqual({ name: 'Ada', tags: ['x'] });
    expect(last().headers['content-type']).toBe('application/json');
    expect(result).toMatchObject({ method, body: { name: 'Ada', tags: ['x'] } });
    expect(ep.sideEffect).toBe(true);
  });

  it('with a body and one argument, the URL params default to {}', async () => {
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/users', method: 'POST' });
    await create({ name: 'Grace' });
    expect(last().url).toBe('/users');
    expect(JSON.parse(last().body)).toEqual({ name: 'Grace' });
    expect(create.key({ name: 'Grace' })).toBe(`POST ${server.url}/users`);
  });

  it('DELETE and GET take no body; body: undefined removes it from POST', async () => {
    const del = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'DELETE' });
    await del({ id: 9 });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/users/9', body: '' });
    expect(del.sideEffect).toBe(true);
    const trigger = new RestEndpoint({ urlPrefix: server.url, path: '/jobs/:id/run', method: 'POST', body: undefined });
    await trigger({ id: 1, force: true } as never);
    expect(last()).toMatchObject({ method: 'POST', url: '/jobs/1/run?force=true', body: '' });
  });

  it('in the constructor only POST/PUT/PATCH take a body; extend allows other combinations', async () => {
    // A body type on GET is typing only (a resource passes it on to push).
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/q', body: {} as { a: number } });
    expectTypeOf(get).parameters.toEqualTypeOf<[]>();
    const del = new RestEndpoint({ urlPrefix: server.url, path: '/q/:id', method: 'DELETE' });
    const delWithBody = del.extend({ body: {} as { reason: string } });
    expectTypeOf(delWithBody).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { reason: string }]
    >();
    await delWithBody({ id: 1 }, { reason: 'spam' });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/q/1', body: '{"reason":"spam"}' });
    expect(delWithBody.sideEffect).toBe(true);
  });

  it('FormData passes through without the JSON header', async () => {
    const upload = new RestEndpoint({ urlPrefix: server.url, path: '/upload', method: 'POST', body: {} as FormData });
    const form = new FormData();
    form.append('name', 'file');
    await upload(form);
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(last().body).toContain('name="name"');
  });

  it('process receives the parsed value and every call argument', async () => {
    const ep = new RestEndpoint({
      urlPrefix: server.url,
      path: '/users/:id',
      method: 'PATCH',
      process(value: { url: string }, params: { id: number }, body: { name: string }) {
        return { url: value.url, id: params.id, name: body.name };
      },
    });
    const result = await ep({ id: 4 }, { name: 'Lin' });
    expect(result).toEqual({ url: '/users/4', id: 4, name: 'Lin' });
    expectTypeOf(result).toEqualTypeOf<{ url: string; id: number; name: string }>();
  });

  it('key is METHOD + url; sideEffect follows the method unless set', () => {
    const get = new RestEndpoint({ urlPrefix: 'http://api', path: '/users/:id' });
    expect(get.key({ id: 1, fields: 'a' } as never)).toBe('GET http://api/users/1?fields=a');
    expect(get.sideEffect).toBeUndefined();
    expect(new RestEndpoint({ path: '/x', method: 'POST', sideEffect: false }).sideEffect).toBeUndefined();
    expect(new RestEndpoint({ path: '/x', sideEffect: true }).sideEffect).toBe(true);
    expect(get.name).toBe('/users/:id');
    expect(get).toBeInstanceOf(Endpoint);
  });

  it('stores options as members for later layers', () => {
    const errorPolicy = () => undefined;
    const getOptimisticResponse = () => ({});
    const update = () => ({});
    const controller = new AbortController();
    const ep = new RestEndpoint({
      path: '/x',
      schema: { fake: 'schema' },
      dataExpiryLength: 1,
      errorExpiryLength: 2,
      errorPolicy,
      invalidIfStale: true,
      pollFrequency: 3,
      getOptimisticResponse,
      update,
      signal: controller.signal,
      requestInit: { cache: 'no-store' },
      paginationField: 'page',
    });
    expect({ ...ep }).toMatchObject({
      schema: { fake: 'schema' },
      dataExpiryLength: 1,
      errorExpiryLength: 2,
      errorPolicy,
      invalidIfStale: true,
      pollFrequency: 3,
      getOptimisticResponse,
      update,
      signal: controller.signal,
      requestInit: { cache: 'no-store' },
      paginationField: 'page',
    });
  });

  it('default errorPolicy is soft for status >= 500 only', () => {
    const ep = new RestEndpoint({ path: '/x' });
    expect(ep.errorPolicy(Object.assign(new Error('x'), { status: 503 }))).toBe('soft');
    expect(ep.errorPolicy(Object.assign(new Error('x'), { status: 500 }))).toBe('soft');
    expect(ep.errorPolicy(Object.assign(new Error('x'), { status: 404 }))).toBeUndefined();
  });

  it('signal goes into the RequestInit, also through Object.create', async () => {
    server.handle(() => undefined); // never answers
    const controller = new AbortController();
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/slow', signal: controller.signal });
    const pending = get();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const other = new AbortController();
    const base = new RestEndpoint({ urlPrefix: server.url, path: '/slow' });
    const withSignal = Object.create(base, { signal: { value: other.signal } }) as typeof base;
    const pending2 = withSignal.fetch();
    other.abort();
    await expect(pending2).rejects.toMatchObject({ name: 'AbortError' });
    expect((await base.getRequestInit()).signal).toBeUndefined();
  });
});

describe('requestInit.signal', () => {
  it('aborts the request, also when fetched through the client (whose own signal is combined with it) and next to the signal option', async () => {
    server.handle(() => undefined); // never answers
    const user = new AbortController();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/slow', requestInit: { signal: user.signal } });
    const direct = ep();
    const client = createClient({ managers: [new NetworkManager()], retry: 0 });
    const viaClient = client.controller.fetch(ep);
    const other = new AbortController();
    const both = ep.extend({ signal: other.signal });
    const withOption = both();
    user.abort();
    await expect(direct).rejects.toMatchObject({ name: 'AbortError' });
    await expect(viaClient).rejects.toMatchObject({ name: 'AbortError' });
    await expect(withOption).rejects.toMatchObject({ name: 'AbortError' });
    // Either signal aborts: the option's alone too.
    const second = new RestEndpoint({ urlPrefix: server.url, path: '/slow', requestInit: { signal: new AbortController().signal }, signal: other.signal });
    const pending = second();
    other.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    client.destroy();
  });
});

describe('extend() and inheritance', () => {
  it('extend returns a new endpoint of the same class, the rest inherited', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', dataExpiryLength: 10 });
    const admin = get.extend({ path: '/admins/:id' });
    expect(admin).not.toBe(get);
    expect(admin.dataExpiryLength).toBe(10);
    expect(admin.urlPrefix).toBe(server.url);
    expect(admin.name).toBe('/admins/:id');
    await admin({ id: 1 });
    expect(last().url).toBe('/admins/1');
    expect(get.path).toBe('/users/:id');
  });

  it('the method changes arguments only in the constructor', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
    const post = get.extend({ method: 'POST' });
    expect(post.sideEffect).toBe(true);
    await post({ id: 2 });
    expect(last()).toMatchObject({ method: 'POST', url: '/users/2', body: '' });
    const put = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'PUT' });
    const putDelete = put.extend({ method: 'DELETE', sideEffect: undefined });
    expect(putDelete.sideEffect).toBeUndefined();
    await putDelete({ id: 3 }, { still: 'body' });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/users/3', body: '{"still":"body"}' });
  });

  it('extra members are readable as this.<member>', async () => {
    const base = new RestEndpoint({
      urlPrefix: server.url,
      path: '/me',
      accessToken: undefined as string | undefined,
      getHeaders(this: { accessToken?: string }, headers: HeadersInit) {
        return this.accessToken ? { ...headers, 'Access-Token': this.accessToken } : headers;
      },
    });
    await base();
    expect(last().headers['access-token']).toBeUndefined();
    const authed = base.extend({ accessToken: 'secret' });
    expect(authed.accessToken).toBe('secret');
    await authed();
    expect(last().headers['access-token']).toBe('secret');
  });

  it('class inheritance overrides apply to constructed and extended endpoints', async () => {
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = server.url;
      override getHeaders(headers: HeadersInit) {
        return { ...headers, 'Access-Token': 'from-class' };
      }
    }
    const get = new AuthEndpoint({ path: '/users/:id' });
    expect(get).toBeInstanceOf(AuthEndpoint);
    expectTypeOf(get).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    await get({ id: 1 });
    expect(last().headers['access-token']).toBe('from-class');
    const other = get.extend({ path: '/other/:id', urlPrefix: `${server.url}/v2` });
    expect(other).toBeInstanceOf(AuthEndpoint);
    await other({ id: 2 });
    // extend's explicit option wins over the class field.
    expect(last()).toMatchObject({ url: '/v2/other/2' });
    expect(last().headers['access-token']).toBe('from-class');
  });
});
