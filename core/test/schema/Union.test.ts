import { afterEach, describe, expect, it, vi } from 'vitest';
import { Entity, INVALID, Invalidate, Union, Values, schema } from '../../src/schema';
import { denormalize, normalize } from '../../src/normalize';
import { User } from './fixtures';

class Group extends Entity {
  id = 0;
  title = '';
  static override key = 'Group';
}
const Member = new Union({ users: User, groups: Group }, 'type');

afterEach(() => vi.restoreAllMocks());

describe('Union', () => {
  it('stores each value under the entity its discriminator names', () => {
    const { result, entities } = normalize([Member], [
      { id: 1, type: 'users', name: 'ann' },
      { id: 1, type: 'groups', title: 'admins' },
    ]);
    expect(result).toEqual([
      { id: '1', schema: 'users' },
      { id: '1', schema: 'groups' },
    ]);
    const data = denormalize([Member], result, entities) as (User | Group)[];
    expect(data[0]).toBeInstanceOf(User);
    expect(data[1]).toBeInstanceOf(Group);
  });

  it('accepts a function as discriminator', () => {
    const ByShape = new Union({ users: User, groups: Group }, (input) => (input.title ? 'groups' : 'users'));
    const { result, entities } = normalize(ByShape, { id: 3, title: 'x' });
    expect(denormalize(ByShape, result, entities)).toBeInstanceOf(Group);
  });

  it('warns naming the Union and the value for an unknown discriminator, and keeps the value', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = { id: 4, type: 'robots' };
    const { result, entities } = normalize(Member, input);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/Union\(users\|groups\).*"robots"/);
    expect(result).toEqual(input);
    expect(denormalize(Member, result, entities)).toEqual(input);
  });

  it('requires a schema attribute', () => {
    expect(() => new Union({ users: User }, undefined as any)).toThrow(/attribute/);
  });

  it('queryKey finds a stored member from args with the discriminator', async () => {
    const { MemoCache } = await import('../../src/normalize');
    const s = normalize(Member, { id: 1, type: 'users', name: 'ann' });
    expect(new MemoCache().query(Member, [{ id: 1, type: 'users' }], s)).toBeInstanceOf(User);
    expect(new MemoCache().query(Member, [{ id: 2, type: 'users' }], s)).toBeUndefined();
  });
});

describe('Values', () => {
  it('normalizes a map of entities and drops missing ones when read', () => {
    const byName = new Values(User);
    const { result, entities } = normalize(byName, { ann: { id: 1, name: 'ann' }, bob: { id: 2, name: 'bob' } });
    expect(result).toEqual({ ann: '1', bob: '2' });
    const data = denormalize(byName, { ...result, ghost: '99' }, entities) as Record<string, User>;
    expect(Object.keys(data)).toEqual(['ann', 'bob']);
    expect(data.ann).toBeInstanceOf(User);
  });

  it('is polymorphic with a schema attribute', () => {
    const mixed = new Values({ users: User, groups: Group }, 'type');
    const { result, entities } = normalize(mixed, { a: { id: 1, type: 'users' }, b: { id: 1, type: 'groups' } });
    const data = denormalize(mixed, result, entities) as Record<string, unknown>;
    expect(data.a).toBeInstanceOf(User);
    expect(data.b).toBeInstanceOf(Group);
  });

  it('rejects a non-object', () => {
    expect(() => normalize(new Values(User), [1])).toThrow(/Values\(User\).*expected an object/);
  });
});

describe('schema.Array and schema.Object', () => {
  it('schema.Array equals the [S] shorthand, and accepts an object of members', () => {
    const a = normalize(new schema.Array(User), [{ id: 1 }, { id: 2 }]);
    const b = normalize([User], [{ id: 1 }, { id: 2 }]);
    expect(a.result).toEqual(b.result);
    expect(a.entities).toEqual(b.entities);
    expect(normalize([User], { x: { id: 1 } }).result).toEqual(['1']);
  });

  it('schema.Array is polymorphic with an attribute', () => {
    const feed = new schema.Array({ users: User, groups: Group }, 'type');
    const { result, entities } = normalize(feed, [{ id: 1, type: 'groups' }]);
    expect((denormalize(feed, result, entities) as unknown[])[0]).toBeInstanceOf(Group);
  });

  it('polymorphic schema.Array: an object of members, null and unknown kinds kept, deleted members dropped', () => {
    const feed = new schema.Array({ users: User, groups: Group }, 'type');
    const input = { a: { id: 1, type: 'users', name: 'ann' }, b: null, c: { id: 9, type: 'bots' }, d: { id: 2, type: 'groups' } };
    const { result, entities } = normalize(feed, input);
    expect(result).toEqual([{ id: '1', schema: 'users' }, null, { id: 9, type: 'bots' }, { id: '2', schema: 'groups' }]);
    const gone = normalize(new Invalidate(Group), '2', [], { entities });
    const data = denormalize(feed, result, gone.entities) as unknown[];
    expect(data).toHaveLength(3);
    expect(data[0]).toBeInstanceOf(User);
    expect(data.slice(1)).toEqual([null, { id: 9, type: 'bots' }]);
    expect(denormalize(feed, 'x', entities)).toBe('x');
    expect(() => normalize({ feed }, { feed: 5 })).toThrow(/\(User\|Group\) at field "feed": expected an array, got number/);
  });

  it('schema.Object and plain objects normalize declared fields and keep the rest', () => {
    const page = new schema.Object({ results: [User] });
    const input = { results: [{ id: 1, name: 'a' }], next: '/page/2' };
    const { result, entities } = normalize(page, input);
    expect(result).toEqual({ results: ['1'], next: '/page/2' });
    expect(normalize({ results: [User] }, input).result).toEqual(result);
    const data = denormalize(page, result, entities) as any;
    expect(data.next).toBe('/page/2');
    expect(data.results[0]).toBeInstanceOf(User);
  });

  it('arrays reject a scalar', () => {
    expect(() => normalize([User], 5)).toThrow(/\[User\].*expected an array/);
  });

  it('a whole response that is a scalar where a Union (or a subclass) is declared is rejected', () => {
    class Tagged extends Union {}
    for (const u of [Member, new Tagged({ users: User }, 'type')]) {
      expect(() => normalize(u, 5)).toThrow(/Union\(.*expected an object, but the response is the number 5/);
    }
  });

  it('Invalidate over a Union subclass takes its members and discriminator', () => {
    class Tagged extends Union {}
    const inv = new Invalidate(new Tagged({ users: User, groups: Group }, 'type'));
    expect(inv.isSingleSchema).toBe(false);
    const { result, entities } = normalize(inv, { id: 1, type: 'groups' });
    expect(result).toEqual({ id: '1', schema: 'groups' });
    expect(entities.Group!['1']).toBe(INVALID);
  });
});
