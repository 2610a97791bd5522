import { describe, expect, expectTypeOf, it } from 'vitest';
import { listPath, type ListPath } from '../../src/rest/listPath';
import { Entity, resource } from '../../src';

class User extends Entity {
  id = '';
  static override key = 'User';
}

describe('{listPath}', () => {
  it('drops the last :param or *wildcard token', () => {
    expect(listPath('/:a/:b')).toBe('/:a');
    expect(listPath('/:a')).toBe('/');
    expect(listPath('/:a/*rest')).toBe('/:a');
    expect(listPath('/users/:id')).toBe('/users');
    expect(listPath('/groups/:group/users/:id')).toBe('/groups/:group/users');
    expect(listPath('/users{/:id}')).toBe('/users');
    expect(listPath('/items/:"item-id"')).toBe('/items');
    expect(listPath('/users')).toBe('/users');
    expect(listPath('http\\://x.com/users/:id')).toBe('http\\://x.com/users');
  });

  it('cuts around {...} groups: a trailing group after the token stays, a group holding it goes', () => {
    // '{/}' is path-to-regexp's "with or without a trailing slash".
    expect(listPath('/users/:id{/}')).toBe('/users{/}');
    expect(listPath('/users{/:id}{/}')).toBe('/users{/}');
    expect(listPath('/users/:id{.:format}')).toBe('/users');
    expect(listPath('/users/:id{/posts}')).toBe('/users{/posts}');
    expect(listPath('/users{/:id{/:sub}}')).toBe('/users{/:id}');
    expect(listPath('/:a{/}')).toBe('{/}');
    expect(listPath('/a/:b{/:c}')).toBe('/a/:b');
    expect(listPath('/users{/}')).toBe('/users{/}');
    expect(() => resource({ urlPrefix: 'http://x', path: '/users/:id{/}', schema: User })).not.toThrow();
    expect(resource({ urlPrefix: 'http://x', path: '/users/:id{/}', schema: User }).getList.url()).toBe('http://x/users/');
  });

  it('has the same result at the type level', () => {
    expectTypeOf<ListPath<'/:a/:b'>>().toEqualTypeOf<'/:a'>();
    expectTypeOf<ListPath<'/:a'>>().toEqualTypeOf<'/'>();
    expectTypeOf<ListPath<'/:a/*rest'>>().toEqualTypeOf<'/:a'>();
    expectTypeOf<ListPath<'/groups/:group/users/:id'>>().toEqualTypeOf<'/groups/:group/users'>();
    expectTypeOf<ListPath<'/users'>>().toEqualTypeOf<'/users'>();
    expectTypeOf<ListPath<'/users/:id{/}'>>().toEqualTypeOf<'/users{/}'>();
    expectTypeOf<ListPath<'/users/:id{/posts}'>>().toEqualTypeOf<'/users{/posts}'>();
    expectTypeOf<ListPath<'/:a{/}'>>().toEqualTypeOf<'{/}'>();
    expectTypeOf<ListPath<'/users{/:id}'>>().toEqualTypeOf<'/users'>();
    expectTypeOf<ListPath<'/a/:b{/:c}'>>().toEqualTypeOf<'/a/:b'>();
    expectTypeOf<ListPath<'/users{/}'>>().toEqualTypeOf<'/users{/}'>();
  });
});
