import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToRegexp } from 'path-to-regexp';
import { RestEndpoint, escapeTemplate, matchesPath } from '../../src/rest';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

// Every path template rule, checked both through url() and on the wire.
describe('path templates', () => {
  async function wire(path: string, params: Record<string, unknown>): Promise<string> {
    const endpoint = new RestEndpoint({ urlPrefix: server.url, path });
    await (endpoint as unknown as (p: unknown) => Promise<unknown>)(params);
    return server.requests.at(-1)!.url;
  }

  it(':name accepts strings and numbers', async () => {
    expect(await wire('/users/:id', { id: 5 })).toBe('/users/5');
    expect(await wire('/users/:id', { id: 'ada lovelace' })).toBe('/users/ada%20lovelace');
  });

  it('{...} optional segments, chained with different prefixes', async () => {
    const path = '/users/:id{/posts/:postId}{.:format}';
    expect(await wire(path, { id: 1 })).toBe('/users/1');
    expect(await wire(path, { id: 1, postId: 2 })).toBe('/users/1/posts/2');
    expect(await wire(path, { id: 1, format: 'json' })).toBe('/users/1.json');
    expect(await wire(path, { id: 1, postId: 2, format: 'json' })).toBe('/users/1/posts/2.json');
    // An explicitly undefined optional param drops its segment too.
    expect(await wire(path, { id: 1, postId: undefined })).toBe('/users/1');
  });

  it('*name wildcards take arrays joined with /', async () => {
    expect(await wire('/files/*path', { path: ['a', 'b c', 'd.txt'] })).toBe('/files/a/b%20c/d.txt');
  });

  it('{/*name} matches zero or more segments', async () => {
    expect(await wire('/files{/*path}', {})).toBe('/files');
    expect(await wire('/files{/*path}', { path: ['x', 'y'] })).toBe('/files/x/y');
    // Zero segments as an empty array drops the group, as leaving it out does.
    expect(await wire('/files{/*path}', { path: [] })).toBe('/files');
    expect(await wire('/files{/*path}/meta', { path: [] })).toBe('/files/meta');
    const files = new RestEndpoint({ urlPrefix: 'http://x', path: '/files{/*path}' });
    expect(files.key({ path: [] })).toBe(files.key({}));
    expect(files.testKey(files.key({ path: [] }))).toBe(true);
  });

  it(':"quoted-name" allows names with - and .', async () => {
    expect(await wire('/items/:"item-id"/:"v.1"', { 'item-id': 7, 'v.1': 'z' })).toBe('/items/7/z');
  });

  it('backslash escapes { } ( ) * : and backslash', async () => {
    const endpoint = new RestEndpoint({ path: '/a\\{b\\}\\(c\\)\\*\\:d\\\\/:id' });
    expect(endpoint.url({ id: 1 })).toBe('/a{b}(c)*:d\\/1');
    // A literal colon in a scheme.
    const prefixed = new RestEndpoint({ path: 'http\\://example.com/users/:id' });
    expect(prefixed.url({ id: 2 })).toBe('http://example.com/users/2');
  });

  it('? and + are literal, so a query can be embedded in the path', async () => {
    const path = '/search?{q=:q}{&page=:page}';
    expect(await wire(path, { q: 'cats', page: 2 })).toBe('/search?q=cats&page=2');
    expect(await wire(path, { q: 'cats' })).toBe('/search?q=cats');
    // Unused params are appended to the embedded query with '&'.
    expect(await wire(path, { q: 'cats', sort: 'new' })).toBe('/search?q=cats&sort=new');
    expect(await wire('/a+b/:id', { id: 3 })).toBe('/a+b/3');
    expect(escapeTemplate('/a+b?\\?')).toBe('/a\\+b\\?\\?');
  });

  it('testKey matches keys of the template and nothing else', () => {
    const get = new RestEndpoint({ urlPrefix: 'http://x', path: '/users/:id' });
    expect(get.testKey(get.key({ id: 5 }))).toBe(true);
    expect(get.testKey('GET http://x/users/5?fields=name')).toBe(true);
    expect(get.testKey('GET http://x/users')).toBe(false);
    expect(get.testKey('GET http://x/users/5/posts')).toBe(false);
    expect(get.testKey('POST http://x/users/5')).toBe(false);
    expect(get.testKey('GET http://y/users/5')).toBe(false);
    const search = new RestEndpoint({ path: '/search?{q=:q}' });
    expect(search.testKey(search.key({ q: 'a', page: 2 } as { q: string }))).toBe(true);
  });
  it('a filled path matches its template as path-to-regexp compiles it (trailing slash and query allowed)', () => {
    const templates = [
      '/users/:id',
      '/users/:id{/posts/:postId}{.:format}',
      '/files/*path',
      '/files{/*path}/meta',
      '/items/:"item-id"/:"v.1"',
      '/a\\{b\\}\\(c\\)\\*\\:d\\\\/:id',
      '/search?{q=:q}{&page=:page}',
      '/a+b/:id',
      '/v1.0/:id',
      '/users/:id.json',
    ];
    const paths = [
      '/users/5', '/users/5/', '/users/5?x=1', '/users', '/users/', '/users/5/posts/2', '/users/5/posts/2.json', '/users/5.json',
      '/users/a%2Fb', '/USERS/5', '/files/a/b', '/files', '/files/meta', '/files/x/y/meta', '/items/7/z', '/a{b}(c)*:d\\/1',
      '/search?q=cats', '/search?q=cats&page=2', '/search', '/a+b/3', '/aab/3', '/v1.0/3', '/v1x0/3', '/users/5.jsonx',
    ];
    for (const template of templates) {
      const { regexp } = pathToRegexp(escapeTemplate(template), { sensitive: true, trailing: false });
      const reference = RegExp(regexp.source.slice(0, -1) + '/?(?:[?&][^]*)?$');
      for (const path of paths) expect([template, path, matchesPath(template, path)]).toEqual([template, path, reference.test(path)]);
    }
  });
});

describe('bad path input', () => {
  it('a missing required param names the endpoint and the param', () => {
    const get = new RestEndpoint({ path: '/users/:id/posts/:postId', name: 'Post.get' });
    expect(() => get.url({ id: 1 })).toThrow(
      /Post\.get: path parameter "postId" of "\/users\/:id\/posts\/:postId" is missing/,
    );
    const call = get as unknown as (p: unknown) => Promise<unknown>;
    return expect(call({ postId: 1 })).rejects.toThrow(/Post\.get: path parameter "id"/);
  });

  it('a param of the wrong type is a clear error', () => {
    const get = new RestEndpoint({ path: '/users/:id', name: 'User.get' });
    expect(() => get.url({ id: { nested: true } })).toThrow(
      /User\.get: path parameter "id" .* must be a string or number, got an object/,
    );
    expect(() => get.url({ id: true })).toThrow(/"id" .* got boolean true/);
    // A `Number(undefined)` id is a number, but no path can carry it.
    expect(() => get.url({ id: Number(undefined) })).toThrow(/User\.get: path parameter "id" .* not NaN, got number NaN/);
    const files = new RestEndpoint({ path: '/files/*path', name: 'files' });
    expect(() => files.url({ path: 'a/b' })).toThrow(/files: path parameter "path" .* non-empty array/);
    // Outside a {...} group a wildcard needs at least one segment.
    expect(() => files.url({ path: [] })).toThrow(/files: path parameter "path" .* non-empty array/);
    expect(() => files.url({ path: ['a', NaN] })).toThrow(/files: path parameter "path" .* got number NaN/);
  });

  it('an invalid template fails at construction, naming the endpoint', () => {
    expect(() => new RestEndpoint({ path: '/users/:', name: 'broken' })).toThrow(
      /broken: invalid path template/,
    );
    // The error quotes the template as written (its `?` and `+` are text, not escaped).
    expect(() => new RestEndpoint({ path: '/search?+(', name: 'broken' })).toThrow(
      'broken: invalid path template: Unexpected ( at index 9: /search?+(',
    );
  });
});
