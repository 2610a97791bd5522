import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { Endpoint } from '../../src/endpoint';
import { RestEndpoint } from '../../src/rest';
import { Entity, resource } from '../../src';

describe('Endpoint', () => {
  it('is a callable object whose fetch runs with this = the endpoint', async () => {
    const double = new Endpoint(
      async function (this: { factor: number }, n: number) {
        return n * this.factor;
      },
      { name: 'double', factor: 2 },
    );
    expect(typeof double).toBe('function');
    expect(await double(21)).toBe(42);
    expectTypeOf(double).parameters.toEqualTypeOf<[n: number]>();
    expectTypeOf(double(1)).toEqualTypeOf<Promise<number>>();
    // apply/call keep working on the callable
    expect(await Function.prototype.call.call(double, null, 1)).toBe(2);
    // The controller adds members with Object.create, without extend().
    const tripled = Object.create(double, { factor: { value: 3 } }) as { fetch(n: number): Promise<number> };
    expect(await tripled.fetch(2)).toBe(6);
  });

  it('has a key per arguments, testKey, name, and sideEffect from options', () => {
    const ep = new Endpoint(async (id: string) => id, { name: 'get' });
    expect(ep.name).toBe('get');
    expect(ep.key('a')).toBe('get ["a"]');
    expect(ep.testKey(ep.key('b'))).toBe(true);
    expect(ep.testKey('other ["b"]')).toBe(false);
    expect(ep.sideEffect).toBeUndefined();
    expect(new Endpoint(async () => 1, { sideEffect: true }).sideEffect).toBe(true);
    // name defaults to the function's name
    expect(new Endpoint(async function loadThings() {}).name).toBe('loadThings');
  });

  it('testKey matches only its own keys, not those of an endpoint whose name starts with its name and a space', async () => {
    const user = new Endpoint(async (id?: number) => id, { name: 'user' });
    const userSettings = new Endpoint(async () => 1, { name: 'user settings' });
    expect(user.testKey(user.key())).toBe(true);
    expect(user.testKey(user.key(5))).toBe(true);
    expect(user.testKey(userSettings.key())).toBe(false);
    expect(userSettings.testKey(userSettings.key())).toBe(true);
    expect(userSettings.testKey(user.key())).toBe(false);
    // What a user sees: expiring 'user' leaves 'user settings' fresh.
    const { createClient } = await import('../../src');
    const client = createClient();
    await client.controller.setResponse(user, 1);
    await client.controller.setResponse(userSettings, 2);
    await client.controller.expireAll(user);
    const meta = client.controller.getState().meta;
    expect(meta[user.key()]?.expiresAt).toBe(1);
    expect(meta[userSettings.key()]?.expiresAt).toBeGreaterThan(1);
    client.destroy();
  });

  it('invalidateAll and expireAll call testKey as a method of what they are given', async () => {
    const { createClient } = await import('../../src');
    const client = createClient();
    const a = new Endpoint(async () => 1, { name: 'a' });
    const b = new Endpoint(async () => 2, { name: 'b' });
    await client.controller.setResponse(a, 1);
    await client.controller.setResponse(b, 2);
    // a matcher whose testKey reads `this`, as RestEndpoint's does
    const onlyA = { name: 'a', testKey(this: { name: string }, key: string) { return key.startsWith(`${this.name} `); } };
    await client.controller.expireAll(onlyA);
    expect(client.controller.getState().meta[a.key()]?.expiresAt).toBe(1);
    await client.controller.invalidateAll(onlyA);
    const meta = client.controller.getState().meta;
    expect(meta[a.key()]?.invalidated).toBe(true);
    expect(meta[b.key()]?.expiresAt).toBeGreaterThan(1);
    expect(meta[b.key()]?.invalidated).toBeFalsy();
    client.destroy();
  });

  it('extend returns a new endpoint with options replaced and the rest inherited', async () => {
    class Counter extends Endpoint {
      declare step: number;
    }
    const base = new Counter(
      async function (this: Counter, n: number) {
        return n + this.step;
      },
      { name: 'count', step: 1, dataExpiryLength: 5 },
    );
    const big = base.extend({ step: 10 });
    expect(big).toBeInstanceOf(Counter);
    expect(big).not.toBe(base);
    expect(await big(1)).toBe(11);
    expect(await base(1)).toBe(2);
    expect(big.dataExpiryLength).toBe(5);
    expect(big.name).toBe('count');
    expect(base.extend({ name: 'renamed' }).name).toBe('renamed');
  });

  it('sideEffect is true or undefined, from the constructor and extend() alike, and copies keep it', () => {
    class Field extends Endpoint {
      // a subclass field: explicit extend() options still win over it
      override sideEffect = true as never;
    }
    const read = new Endpoint(async () => 1, { name: 'read', sideEffect: false as never });
    expect(read.sideEffect).toBeUndefined();
    expect(Object.keys(read)).toContain('sideEffect');
    const write = read.extend({ sideEffect: 1 as never });
    expect(write.sideEffect).toBe(true);
    expect(write.extend({ name: 'copy' }).sideEffect).toBe(true);
    expect(write.extend({ sideEffect: 0 as never }).sideEffect).toBeUndefined();
    const field = new Field(async () => 1, { name: 'field' });
    expect(field.sideEffect).toBe(true);
    expect(field.extend({ sideEffect: false as never }).sideEffect).toBeUndefined();
  });
});

describe('testKey', () => {
  it('of a copy of a copy checks that copy (its path), and is a method, not a member', () => {
    const base = new RestEndpoint({ path: '/a/:id' });
    const two = base.extend({ dataExpiryLength: 1 }).extend({ path: '/b/:id' });
    expect(two.testKey('GET /b/1')).toBe(true);
    expect(two.testKey('GET /a/1')).toBe(false);
    // a plain method, as in data-client: no copy bound to each endpoint
    expect(Object.hasOwn(two, 'testKey')).toBe(false);
    expect(Object.keys(two)).not.toContain('testKey');
    expect(Object.keys(base.extend({ name: 'x' }))).not.toContain('testKey');
  });

  it('a testKey option is carried by every copy and called on each', () => {
    const custom = new Endpoint(async () => 1, {
      name: 'c',
      testKey(this: Endpoint, key: string) {
        return key === this.name;
      },
    });
    const copy = custom.extend({ name: 'd' }).extend({ name: 'e' });
    expect(copy.testKey('e')).toBe(true);
    expect(copy.testKey('c')).toBe(false);
    expect(Object.keys(copy)).toContain('testKey');
    expect(custom.testKey('c')).toBe(true);
  });

  it("a resource's getList.move checks the item path", () => {
    class Thing extends Entity {
      id = 0;
      static override key = 'TestKeyThing';
    }
    const Things = resource({ path: '/things/:id', schema: Thing });
    expect(Things.getList.move.testKey('PATCH /things/1')).toBe(true);
    expect(Things.getList.move.testKey('PATCH /things')).toBe(false);
  });
});

describe('Endpoint names', () => {
  async function listBooks() {
    return ['a'];
  }
  async function listAuthors() {
    return ['b'];
  }

  it('come from the fetch function, or the name option', () => {
    expect(new Endpoint(listBooks).name).toBe('listBooks');
    expect(new Endpoint(listBooks).key()).toBe('listBooks []');
    expect(new Endpoint(listBooks, { name: 'books' }).name).toBe('books');
  });

  it('an anonymous fetch function without a name or key option is reported in development (its keys would be shared)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const anon = new Endpoint(async () => 1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/no name.*`name` option/);
    anon.extend({ dataExpiryLength: 1 });
    new Endpoint(async () => 1, { name: 'one' });
    new Endpoint(async () => 1, { key: () => 'own key' });
    new Endpoint(listBooks);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('extend() with another named fetch takes its name, so the two never share a key', () => {
    const books = new Endpoint(listBooks, { name: 'books' });
    expect(books.extend({ dataExpiryLength: 5 }).name).toBe('books');
    const authors = books.extend({ fetch: listAuthors });
    expect(authors.name).toBe('listAuthors');
    expect(authors.key()).not.toBe(books.key());
    // an explicit name still wins; an inline fetch (named 'fetch' by JavaScript) keeps the old name
    expect(books.extend({ fetch: listAuthors, name: 'people' }).name).toBe('people');
    expect(books.extend({ fetch: async () => ['c'] }).name).toBe('books');
    expect(books.extend({ async fetch() { return ['d']; } }).name).toBe('books');
  });
});

describe('Endpoint.bind', () => {
  async function getUser(this: { root?: string }, params: { id: number }, extra?: string) {
    return { id: params.id, root: this.root, extra };
  }

  it('fixes the first arguments of calls and keys, keeping name and members', async () => {
    const user = new Endpoint(getUser, { root: 'users' });
    const five = user.bind(undefined, { id: 5 });
    expect(await five()).toEqual({ id: 5, root: 'users', extra: undefined });
    expect(await five('x')).toEqual({ id: 5, root: 'users', extra: 'x' });
    expect(five.key()).toBe(user.key({ id: 5 }));
    // each binding its own key: two bindings never share stored data
    expect(user.bind(undefined, { id: 6 }).key()).not.toBe(five.key());
    expect(five.name).toBe('getUser');
    expect((five as any).root).toBe('users');
    expect(five.testKey(five.key())).toBe(true);
    expectTypeOf(five).toBeCallableWith();
    expectTypeOf(five.key).toBeCallableWith();
  });

  it('a RestEndpoint bound to its params fetches and keys that URL', async () => {
    const calls: string[] = [];
    const get = new RestEndpoint({
      path: '/users/:id',
      urlPrefix: 'http://api',
      fetchResponse: async (url: string) => (calls.push(url), new Response('{"id":5}', { headers: { 'content-type': 'application/json' } })),
    } as any);
    const five = get.bind(undefined, { id: 5 });
    expect(five.key()).toBe('GET http://api/users/5');
    expect(await five()).toEqual({ id: 5 });
    expect(calls).toEqual(['http://api/users/5']);
  });
});

