import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createApi, createClient, Entity } from '../../src';
import { startServer, type TestServer } from './server';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const id = Number(req.url.split('/')[3]?.split('?')[0]) || 7;
    const item = { id, title: `${req.method} ${req.url}` };
    res.end(JSON.stringify(item));
  });
});
afterAll(() => server.close());

describe('createApi: settings shared by every endpoint', () => {
  it('sends every endpoint and resource member to the prefix with the shared headers', async () => {
    let token = 'one';
    const api = createApi({
      urlPrefix: `${server.url}/v1`,
      getHeaders: (headers) => ({ ...headers, Authorization: `Bearer ${token}` }),
    });
    const TodoResource = api.resource({ path: '/todos/:id', schema: Todo, body: {} as { title: string } });
    const me = new api.RestEndpoint({ path: '/me' });
    const client = createClient();
    server.requests.length = 0;

    const todo = await client.controller.fetch(TodoResource.get, { id: 3 });
    expect(todo).toMatchObject({ id: 3, title: 'GET /v1/todos/3' });
    token = 'two';
    await client.controller.fetch(TodoResource.getList.push, { title: 'x' });
    await client.controller.fetch(TodoResource.partialUpdate, { id: 3 }, { title: 'y' });
    await me();
    expect(server.requests.map((r) => [`${r.method} ${r.url}`, r.headers.authorization])).toEqual([
      ['GET /v1/todos/3', 'Bearer one'],
      ['POST /v1/todos', 'Bearer two'],
      ['PATCH /v1/todos/3', 'Bearer two'],
      ['GET /v1/me', 'Bearer two'],
    ]);
  });

  it("an endpoint's own options (and extend) win over the API's; other APIs are untouched", async () => {
    const api = createApi({ urlPrefix: `${server.url}/v1`, requestInit: { headers: { 'X-Api': 'shared' } }, dataExpiryLength: 5 });
    const other = createApi({ urlPrefix: `${server.url}/v2` });
    const TodoResource = api.resource({ path: '/todos/:id', schema: Todo, dataExpiryLength: 9 });
    expect(TodoResource.get.dataExpiryLength).toBe(9);
    expect(new api.RestEndpoint({ path: '/a' }).dataExpiryLength).toBe(5);
    expect(new other.RestEndpoint({ path: '/a' }).url()).toBe(`${server.url}/v2/a`);
    // A subclass of the API's RestEndpoint keeps its settings.
    class Mine extends other.RestEndpoint {}
    expect(new Mine({ path: '/b' }).url()).toBe(`${server.url}/v2/b`);
    server.requests.length = 0;
    await TodoResource.get.extend({ urlPrefix: `${server.url}/v3` })({ id: 1 });
    await TodoResource.get.extend({ path: '/items/:id' })({ id: 2 });
    expect(server.requests.map((r) => [r.url, r.headers['x-api']])).toEqual([
      ['/v3/todos/1', 'shared'],
      ['/v1/items/2', 'shared'],
    ]);
  });

  it('keeps the inference of path params, bodies and results', () => {
    const api = createApi({ urlPrefix: 'https://api.example.com' });
    const TodoResource = api.resource({ path: '/todos/:id', schema: Todo, body: {} as { title: string } });
    expectTypeOf(TodoResource.get).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(TodoResource.get).returns.resolves.toEqualTypeOf<Todo>();
    expectTypeOf(TodoResource.getList.push).toBeCallableWith({ title: 'x' });
    // @ts-expect-error id is required
    void (() => TodoResource.get({}));
    // @ts-expect-error the body is { title: string }
    void (() => TodoResource.partialUpdate({ id: 1 }, { done: true }));
    const rename = new api.RestEndpoint({ path: '/users/:id', method: 'PATCH', body: {} as { name: string }, schema: Todo });
    expectTypeOf(rename).parameters.toEqualTypeOf<[params: { id: string | number }, body: { name: string }]>();
    expectTypeOf(rename).returns.resolves.toEqualTypeOf<Todo>();
    // @ts-expect-error not an option of an API
    createApi({ urlPrefx: 'https://api.example.com' });
  });
});
