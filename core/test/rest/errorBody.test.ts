import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { json, startServer } from '@resto/testing';
import { createClient, createLoading, Entity, fetchWithErrorBody, NetworkError, resource, RestEndpoint, type StatusError } from '../../src';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer({
    'POST /login': (_hit, res) => json(res, { message: 'Invalid username or password' }, 401),
    'GET /text': (_hit, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('down for maintenance');
    },
    'POST /todos': (_hit, res) => json(res, { errors: { title: 'is too short' } }, 422),
    'GET /todos': (_hit, res) => json(res, { errors: { q: 'is required' } }, 422),
    'GET /empty': (_hit, res) => {
      res.writeHead(500);
      res.end();
    },
  });
});
afterAll(() => server.close());

describe('a failed response carries what the server said', () => {
  it('a JSON error body is parsed; serverMessage is its message; the response stays readable', async () => {
    const login = new RestEndpoint({ fetchResponse: fetchWithErrorBody, urlPrefix: server.url, path: '/login', method: 'POST' });
    const error = (await login({ username: 'a', password: 'b' }).catch((e) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'Invalid username or password' });
    expect(error.serverMessage).toBe('Invalid username or password');
    await expect(error.response!.json()).resolves.toEqual({ message: 'Invalid username or password' });
  });

  it('a text body is the server message; an empty body gives none', async () => {
    const text = (await new RestEndpoint({ fetchResponse: fetchWithErrorBody, urlPrefix: server.url, path: '/text' })().catch((e) => e)) as NetworkError;
    expect(text.serverMessage).toBe('down for maintenance');
    const empty = (await new RestEndpoint({ fetchResponse: fetchWithErrorBody, urlPrefix: server.url, path: '/empty' })().catch((e) => e)) as NetworkError;
    expect(empty.body).toBeUndefined();
    expect(empty.serverMessage).toBeUndefined();
    expect(empty.message).toMatch(/\/empty/);
  });
});

describe('without fetchWithErrorBody', () => {
  it('a failed response is left unread: status and message, and the response for the app to read', async () => {
    const login = new RestEndpoint({ urlPrefix: server.url, path: '/login', method: 'POST' });
    const error = (await login({ username: 'a', password: 'b' }).catch((e) => e)) as NetworkError;
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/\/login/);
    expect('body' in error).toBe(false);
    expect(error.serverMessage).toBeUndefined();
    expect(error.response!.bodyUsed).toBe(false);
    await expect(error.response!.json()).resolves.toEqual({ message: 'Invalid username or password' });
  });
});

describe('fetchWithErrorBody as a resource option', () => {
  it('reaches every member, the derived getList.push too', async () => {
    class Todo extends Entity {
      id = 0;
      title = '';
      static override key = 'Todo';
    }
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, fetchResponse: fetchWithErrorBody });
    const error = (await TodoResource.getList.push({ title: '' }).catch((e) => e)) as NetworkError;
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ errors: { title: 'is too short' } });
  });
});

describe("a 422's body reaches the app, typed, through every way errors are reported", () => {
  it('a read, the controller and createLoading expose status and body without a cast', async () => {
    const client = createClient();
    const search = new RestEndpoint({ fetchResponse: fetchWithErrorBody, urlPrefix: server.url, path: '/todos', searchParams: {} as { q?: string } });
    const create = new RestEndpoint({ fetchResponse: fetchWithErrorBody, urlPrefix: server.url, path: '/todos', method: 'POST', body: {} as { title: string } });

    const read = client.observe(search, {});
    const stop = read.subscribe(() => {});
    await read.promise().catch(() => undefined);
    const readError = read.getSnapshot().error;
    expectTypeOf(readError).toEqualTypeOf<StatusError | undefined>();
    expectTypeOf(readError!.status).toEqualTypeOf<number | undefined>();
    expectTypeOf(readError!.body).toEqualTypeOf<unknown>();
    expect(readError?.status).toBe(422);
    expect(readError?.body).toEqual({ errors: { q: 'is required' } });
    const stored = client.controller.getError(search, {}, client.getSnapshot());
    expectTypeOf(stored).toEqualTypeOf<StatusError | undefined>();
    expect(stored?.body).toEqual({ errors: { q: 'is required' } });
    stop();

    const save = createLoading((title: string) => client.controller.fetch(create, { title }));
    await save.run('x');
    const { error } = save.getSnapshot();
    expectTypeOf(error).toEqualTypeOf<StatusError | undefined>();
    expect(error?.status).toBe(422);
    expect(error?.body).toEqual({ errors: { title: 'is too short' } });
    // A NetworkError is one, so code written against either type keeps working.
    expectTypeOf<NetworkError>().toMatchTypeOf<StatusError>();
  });
});
