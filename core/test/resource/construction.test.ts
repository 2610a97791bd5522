import { afterEach, describe, expect, it, vi } from 'vitest';
import { Collection, Entity, RestEndpoint, resource } from '../../src';

// resource() construction checks data-client 0.18 also makes.

class User extends Entity {
  id = 0;
  username = '';
  static override key = 'User';
}

afterEach(() => vi.restoreAllMocks());

describe('resource() construction', () => {
  it('refuses a path without a parameter naming the item', () => {
    expect(() => resource({ path: '/todos/', schema: User })).toThrow(/at least one :parameter or \*wildcard/);
    expect(() => resource({ path: 'http\\://api.test/todos', schema: User })).toThrow(TypeError);
    expect(resource({ path: '/files/*path', schema: User }).get.url({ path: ['a', 'b'] })).toBe('/files/a/b');
    expect(resource({ path: 'http\\://api.test/users/:id', schema: User }).get.url({ id: 1 })).toBe('http://api.test/users/1');
    // A quoted parameter name names the item too.
    const items = resource({ path: '/items/:"item-id"', schema: User });
    expect([items.get.url({ 'item-id': 7 }), items.getList.url()]).toEqual(['/items/7', '/items']);
  });

  it('warns about lower-case endpoint / collection options (the class options are Endpoint / Collection)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    resource({ path: '/users/:id', schema: User, endpoint: RestEndpoint } as never);
    resource({ path: '/users/:id', schema: User, collection: Collection } as never);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining('"endpoint"; the class option is spelled "Endpoint"'),
      expect.stringContaining('"collection"; the class option is spelled "Collection"'),
    ]);
    warn.mockClear();
    resource({ path: '/users/:id', schema: User, Endpoint: RestEndpoint });
    expect(warn).not.toHaveBeenCalled();
  });
});
