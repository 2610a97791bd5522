import { describe, expect, expectTypeOf, it } from 'vitest';
import { listPath, type ListPath } from '../../src/rest/listPath';

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

  it('has the same result at the type level', () => {
    expectTypeOf<ListPath<'/:a/:b'>>().toEqualTypeOf<'/:a'>();
    expectTypeOf<ListPath<'/:a'>>().toEqualTypeOf<'/'>();
    expectTypeOf<ListPath<'/:a/*rest'>>().toEqualTypeOf<'/:a'>();
    expectTypeOf<ListPath<'/groups/:group/users/:id'>>().toEqualTypeOf<'/groups/:group/users'>();
    expectTypeOf<ListPath<'/users'>>().toEqualTypeOf<'/users'>();
  });
});
