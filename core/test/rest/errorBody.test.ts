import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer } from '@resto/testing';
import { NetworkError, RestEndpoint } from '../../src';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer({
    'POST /login': (_hit, res) => json(res, { message: 'Invalid username or password' }, 401),
    'GET /text': (_hit, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('down for maintenance');
    },
    'GET /empty': (_hit, res) => {
      res.writeHead(500);
      res.end();
    },
  });
});
afterAll(() => server.close());

describe('a failed response carries what the server said', () => {
  it('a JSON error body is parsed; serverMessage is its message; the response stays readable', async () => {
    const login = new RestEndpoint({ urlPrefix: server.url, path: '/login', method: 'POST' });
    const error = (await login({ username: 'a', password: 'b' }).catch((e) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'Invalid username or password' });
    expect(error.serverMessage).toBe('Invalid username or password');
    await expect(error.response!.json()).resolves.toEqual({ message: 'Invalid username or password' });
  });

  it('a text body is the server message; an empty body gives none', async () => {
    const text = (await new RestEndpoint({ urlPrefix: server.url, path: '/text' })().catch((e) => e)) as NetworkError;
    expect(text.serverMessage).toBe('down for maintenance');
    const empty = (await new RestEndpoint({ urlPrefix: server.url, path: '/empty' })().catch((e) => e)) as NetworkError;
    expect(empty.body).toBeUndefined();
    expect(empty.serverMessage).toBeUndefined();
    expect(empty.message).toMatch(/\/empty/);
  });
});
