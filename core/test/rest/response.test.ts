import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { NetworkError, RestEndpoint, type RestGenerics } from '../../src/rest';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const [path] = req.url.split('?');
    const send = (status: number, type: string | undefined, body: string | Buffer, extra = {}) => {
      res.writeHead(status, { ...(type ? { 'content-type': type } : {}), ...extra });
      res.end(body);
    };
    switch (path) {
      case '/json':
        return send(200, 'application/json; charset=utf-8', '{"a":1}');
      case '/problem':
        return send(200, 'application/problem+json', '{"title":"x"}');
      case '/text':
        return send(200, 'text/plain', 'hello');
      case '/html':
        return send(200, 'text/html', '<!doctype html><p>app shell</p>');
      case '/png':
        return send(200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/pdf':
        return send(200, 'application/pdf', Buffer.from('%PDF-1.4'));
      case '/octet':
        return send(200, 'application/octet-stream', Buffer.from([1, 2, 3]));
      case '/xlsx':
        return send(200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]));
      case '/doc':
        return send(200, 'application/msword', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
      case '/xls':
        return send(200, 'application/vnd.ms-excel', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
      case '/pptx':
        return send(200, 'application/vnd.openxmlformats-officedocument.presentationml.presentation', Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      case '/untyped':
        return send(200, undefined, '{"b":2}');
      case '/empty':
        return send(200, 'application/json', '');
      case '/no-content':
        return send(204, undefined, '');
      case '/missing':
        return send(404, 'application/json', '{"error":"not found"}');
      case '/broken':
        return send(500, 'text/plain', 'boom');
      case '/moved':
        return send(302, undefined, '', { location: '/missing' });
      case '/moved-empty':
        return send(302, undefined, '', { location: '/empty' });
      case '/bad-json':
        return send(200, 'application/json', '{"a":');
      case '/paged':
        return send(200, 'application/json', '[1,2]', {
          link: '</paged?page=2>; rel="next"',
          'content-disposition': 'attachment; filename="report.csv"',
        });
      default:
        return send(200, 'application/json', 'null');
    }
  });
});
afterAll(() => server.close());

const endpoint = (path: string, options: Record<string, unknown> = {}) =>
  new RestEndpoint({ urlPrefix: server.url, path, ...options }) as unknown as (() => Promise<unknown>) & {
    extend(o: object): () => Promise<unknown>;
  };

describe('response parsing', () => {
  it("content: 'json' parses JSON", async () => {
    expect(await endpoint('/json', { content: 'json' })()).toEqual({ a: 1 });
    // explicit content wins over the header
    expect(await endpoint('/untyped', { content: 'json' })()).toEqual({ b: 2 });
  });

  it("content: 'blob' gives a Blob", async () => {
    const blob = await new RestEndpoint({ urlPrefix: server.url, path: '/png', content: 'blob' })();
    expectTypeOf(blob).toEqualTypeOf<Blob>();
    expect(blob).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("content: 'text' gives a string, even for JSON", async () => {
    const text = await new RestEndpoint({ urlPrefix: server.url, path: '/json', content: 'text' })();
    expectTypeOf(text).toEqualTypeOf<string>();
    expect(text).toBe('{"a":1}');
  });

  it("content: 'arrayBuffer' gives an ArrayBuffer", async () => {
    const buffer = await new RestEndpoint({ urlPrefix: server.url, path: '/octet', content: 'arrayBuffer' })();
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(buffer)]).toEqual([1, 2, 3]);
  });

  it("content: 'stream' gives the readable byte stream", async () => {
    const stream = await new RestEndpoint({ urlPrefix: server.url, path: '/text', content: 'stream' })();
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await new Response(stream).text()).toBe('hello');
  });

  it('unset content auto-detects from Content-Type', async () => {
    expect(await endpoint('/json')()).toEqual({ a: 1 });
    expect(await endpoint('/problem')()).toEqual({ title: 'x' });
    expect(await endpoint('/text')()).toBe('hello');
    expect(await endpoint('/html')()).toMatch(/^<!doctype html>/);
    expect(await endpoint('/png')()).toBeInstanceOf(Blob);
    expect(await endpoint('/pdf')()).toBeInstanceOf(Blob);
    expect(await endpoint('/octet')()).toBeInstanceOf(Blob);
  });

  it('unset content reads office documents (a spreadsheet export, say) as a Blob, byte for byte', async () => {
    for (const path of ['/xlsx', '/pptx', '/doc', '/xls']) {
      const body = await endpoint(path)();
      expect([path, body instanceof Blob]).toEqual([path, true]);
    }
    // (read as text, the bytes that are no UTF-8 would come back as U+FFFD)
    const xlsx = new Uint8Array(await ((await endpoint('/xlsx')()) as Blob).arrayBuffer());
    expect([...xlsx]).toEqual([0x50, 0x4b, 0x03, 0x04, 0xff]);
  });

  it('a 204 resolves as null, an empty JSON body as null', async () => {
    expect(await endpoint('/no-content')()).toBeNull();
    expect(await endpoint('/no-content', { content: 'text' })()).toBeNull();
    expect(await endpoint('/empty')()).toBeNull();
  });

  it('with a schema, JSON still parses and an untyped body is tried as JSON', async () => {
    expect(await endpoint('/json', { schema: {} })()).toEqual({ a: 1 });
    expect(await endpoint('/untyped', { schema: {} })()).toEqual({ b: 2 });
  });

  it('parseResponse can be overridden to return headers with the body', async () => {
    const list = new RestEndpoint({
      urlPrefix: server.url,
      path: '/paged',
      async parseResponse(response: Response) {
        const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
        return { link: response.headers.get('link'), filename, results: await response.json() };
      },
    });
    expect(await list()).toEqual({ link: '</paged?page=2>; rel="next"', filename: 'report.csv', results: [1, 2] });
  });
});

describe('errors', () => {
  it('a non-ok response throws NetworkError with numeric status and the response', async () => {
    const error = await endpoint('/missing')().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 404, message: `/missing: ${server.url}/missing: Not Found`, endpoint: "/missing", url: `${server.url}/missing` });
    const response = (error as NetworkError).response!;
    expect(await response.json()).toEqual({ error: 'not found' });
  });

  it("after a redirect, the error's url is still the URL the endpoint requested", async () => {
    const error = await endpoint('/moved')().catch((e: NetworkError) => e);
    expect(error).toMatchObject({ status: 404, endpoint: '/moved', url: `${server.url}/moved` });
    // the "no data" answer of a schema endpoint too
    const empty = await endpoint('/moved-empty', { schema: { a: 0 } })().catch((e: NetworkError) => e);
    expect(empty).toMatchObject({ status: 400, endpoint: '/moved-empty', url: `${server.url}/moved-empty` });
  });

  it('the "no data" error has no cause (there is none); a network failure has the one fetch threw', async () => {
    const empty = await endpoint('/moved-empty', { schema: { a: 0 } })().catch((e: NetworkError) => e);
    expect(empty).toMatchObject({ status: 400 });
    expect(Object.hasOwn(empty as NetworkError, 'cause')).toBe(false);
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const failed = await new RestEndpoint({ urlPrefix: url, path: '/x' })().catch((e: NetworkError) => e);
    expect(failed).toMatchObject({ status: 500 });
    expect(failed.cause).toBeInstanceOf(Error);
  });

  it('a 5xx is a NetworkError that the default errorPolicy treats as soft', async () => {
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/broken' });
    const error = await ep().catch((e: NetworkError) => e);
    expect(error.status).toBe(500);
    expect(ep.errorPolicy(error)).toBe('soft');
  });

  it('a network failure (server closed) is an error with status 500 naming the endpoint', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const ep = new RestEndpoint({ urlPrefix: url, path: '/users/:id', name: 'User.get' });
    const error = await ep({ id: 1 }).catch((e: NetworkError) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(500);
    expect(error.message).toMatch(new RegExp(`^User\\.get: request to ${url}/users/1 failed`));
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('malformed JSON in a JSON response is a 400 error naming the endpoint', async () => {
    const error = (await endpoint('/bad-json', { name: 'Thing.get' })().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 400 });
    expect(error.message).toMatch(/^Thing\.get: response from .*\/bad-json is not valid JSON/);
  });

  it('with a schema, HTML or binary responses are errors, not data', async () => {
    const html = (await endpoint('/html', { schema: {}, name: 'User.get' })().catch((e: unknown) => e)) as NetworkError;
    expect(html).toMatchObject({ status: 404 });
    expect(html.message).toMatch(/^User\.get: expected JSON for its schema, but .* sent text\/html/);
    const png = (await endpoint('/png', { schema: {}, name: 'User.get' })().catch((e: unknown) => e)) as NetworkError;
    expect(png).toMatchObject({ status: 400 });
    expect(png.message).toMatch(/User\.get: expected JSON .* image\/png/);
  });

  it("a non-JSON content together with a schema is rejected at construction", () => {
    expect(() => new RestEndpoint({ path: '/file', content: 'blob', schema: {}, name: 'File.get' })).toThrow(
      /^File\.get: content 'blob' cannot be used with a schema/,
    );
    const file = new RestEndpoint({ path: '/file', content: 'blob', name: 'File.get' });
    expect(() => file.extend({ schema: {} })).toThrow(/File\.get: content 'blob' cannot be used with a schema/);
    // json, or no content, is fine with a schema
    expect(new RestEndpoint({ path: '/file', content: 'json', schema: {} }).content).toBe('json');
  });

  it('a non-JSON content set by a subclass field, with a schema, fails the call as a 400', async () => {
    class Download<const O extends RestGenerics = any> extends RestEndpoint<O> {
      // a field: the constructor cannot see it
      override content = 'text' as const;
    }
    const get = new Download({ urlPrefix: server.url, path: '/text', schema: {}, name: 'File.text' } as never);
    const error = (await (get as any)().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^File\.text: content 'text' cannot be used with a schema/);
  });

  it('a body that cannot be JSON is a clear error before anything is sent', async () => {
    const sent = server.requests.length;
    const create = new RestEndpoint({ urlPrefix: server.url, path: '/users', method: 'POST', name: 'User.create' });
    await expect(create({ big: 10n })).rejects.toThrow(/^User\.create: body cannot be sent as JSON/);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(create(circular)).rejects.toThrow(/^User\.create: body cannot be sent as JSON/);
    await expect(create('not json')).rejects.toThrow(
      /^User\.create: body is a string but not JSON, while Content-Type is application\/json/,
    );
    expect(server.requests.length).toBe(sent);
    // A string that is JSON goes through untouched.
    await create('{"name":"raw"}');
    expect(server.requests.at(-1)!.body).toBe('{"name":"raw"}');
  });
});
