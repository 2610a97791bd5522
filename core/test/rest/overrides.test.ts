import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestEndpoint, type RestGenerics } from '../../src/rest';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
const last = () => server.requests.at(-1)!;

describe('authentication', () => {
  it('access token from a static member', async () => {
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      static accessToken?: string;
      override getHeaders(headers: HeadersInit): HeadersInit {
        const token = AuthEndpoint.accessToken;
        return token ? { ...headers, 'Access-Token': token } : headers;
      }
    }
    const me = new AuthEndpoint({ urlPrefix: server.url, path: '/me' });
    await me();
    expect(last().headers['access-token']).toBeUndefined();
    expect(last().headers['content-type']).toBe('application/json');
    AuthEndpoint.accessToken = 'static-token';
    await me();
    expect(last().headers['access-token']).toBe('static-token');
  });

  it('access token from a function singleton', async () => {
    let token: string | undefined = 'fn-token';
    const getToken = () => token;
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override getHeaders(headers: HeadersInit): HeadersInit {
        const value = getToken();
        return value ? { ...headers, 'Access-Token': value } : headers;
      }
    }
    const me = new AuthEndpoint({ urlPrefix: server.url, path: '/me' });
    await me();
    expect(last().headers['access-token']).toBe('fn-token');
    token = undefined;
    await me();
    expect(last().headers['access-token']).toBeUndefined();
  });

  it('access token from an async function', async () => {
    const getToken = async () => {
      await new Promise((resolve) => setImmediate(resolve)); // a token store answering later
      return 'async-token';
    };
    class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override async getHeaders(headers: HeadersInit): Promise<HeadersInit> {
        return { ...headers, 'Access-Token': await getToken() };
      }
    }
    const create = new AuthEndpoint({ urlPrefix: server.url, path: '/posts', method: 'POST' });
    await create({ title: 't' });
    expect(last().headers['access-token']).toBe('async-token');
    expect(JSON.parse(last().body)).toEqual({ title: 't' });
  });

  it("cookie auth: getRequestInit adds credentials: 'same-origin'", async () => {
    class CookieEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override async getRequestInit(body?: unknown): Promise<RequestInit> {
        return { ...(await super.getRequestInit(body)), credentials: 'same-origin' };
      }
    }
    const me = new CookieEndpoint({
      urlPrefix: server.url,
      path: '/me',
      requestInit: { headers: { cookie: 'session=abc' } },
    });
    const init = await me.getRequestInit();
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    await me();
    expect(last().headers.cookie).toBe('session=abc');
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('requestInit headers merge with the defaults without duplicating Content-Type', async () => {
    const ep = new RestEndpoint({
      urlPrefix: server.url,
      path: '/x',
      method: 'POST',
      requestInit: { headers: new Headers({ 'content-type': 'application/vnd.api+json', 'x-a': '1' }) },
    });
    await ep({ a: 1 });
    expect(last().headers['content-type']).toBe('application/vnd.api+json');
    expect(last().headers['x-a']).toBe('1');
  });
});

describe('overridable URL building', () => {
  it('searchToString can encode nested objects with brackets', async () => {
    class BracketEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override searchToString(searchParams: Record<string, unknown>): string {
        const out = new URLSearchParams();
        const add = (prefix: string, value: unknown) => {
          if (value && typeof value === 'object') {
            for (const [k, v] of Object.entries(value)) add(`${prefix}[${k}]`, v);
          } else out.append(prefix, String(value));
        };
        for (const [k, v] of Object.entries(searchParams)) add(k, v);
        out.sort();
        return out.toString();
      }
    }
    const list = new BracketEndpoint({
      urlPrefix: server.url,
      path: '/users',
      searchParams: {} as { filter: { name: string; age: { gt: number } } },
    });
    await list({ filter: { name: 'ada', age: { gt: 30 } } });
    expect(decodeURIComponent(last().url)).toBe('/users?filter[age][gt]=30&filter[name]=ada');
  });

  it('url can be overridden for a dynamic prefix', async () => {
    let tenant = 'acme';
    class TenantEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override url(urlParams?: Record<string, unknown>): string {
        return super.url(urlParams).replace(server.url, `${server.url}/${tenant}`);
      }
    }
    const get = new TenantEndpoint({ urlPrefix: server.url, path: '/users/:id' });
    await get({ id: 1 });
    expect(last().url).toBe('/acme/users/1');
    tenant = 'globex';
    await get({ id: 1 });
    expect(last().url).toBe('/globex/users/1');
    expect(get.key({ id: 1 })).toBe(`GET ${server.url}/globex/users/1`);
  });

  it('getRequestInit and process can convert key case both ways', async () => {
    const toSnake = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
    const toCamel = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
    server.handle((req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...JSON.parse(req.body), created_at: 'now' }));
    });
    const create = new RestEndpoint({
      urlPrefix: server.url,
      path: '/users',
      method: 'POST',
      async getRequestInit(body?: Record<string, unknown>): Promise<RequestInit> {
        const base: (body?: unknown) => Promise<RequestInit> = RestEndpoint.prototype.getRequestInit;
        return base.call(this, body && toSnake(body));
      },
      process: (value: Record<string, unknown>) => toCamel(value),
    });
    expect(await create({ firstName: 'Ada' })).toEqual({ firstName: 'Ada', createdAt: 'now' });
    expect(JSON.parse(last().body)).toEqual({ first_name: 'Ada' });
  });
});
