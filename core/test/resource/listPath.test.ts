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

  it('reads only syntax: a literal " in the text, an escaped { or an escaped backslash changes nothing', () => {
    // A '"' quotes only a name right after ':' or '*'; elsewhere it is text.
    expect(listPath('/a"b/:id')).toBe('/a"b');
    expect(listPath('/a"b/:id/c"d')).toBe('/a"b/c"d');
    // An escaped '{' is text, so no group holds the token.
    expect(listPath('/a\\{/:id')).toBe('/a\\{');
    // An escaped backslash does not escape the '/' after it.
    expect(listPath('/files\\\\/:id')).toBe('/files\\\\');
    // Each result is a template of its own: it parses, and getList's URL is the item's without its last segment.
    const files = resource({ urlPrefix: 'http://x', path: '/files\\\\/:id', schema: User });
    expect(files.getList.url()).toBe('http://x/files\\');
    expect(files.get.url({ id: '1' })).toBe('http://x/files\\/1');
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
