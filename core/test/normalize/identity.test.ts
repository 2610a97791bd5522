import { describe, expect, it } from 'vitest';
import { Collection } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';
import { Post, Todo, User, meta } from '../schema/fixtures';

const posts = [
  { id: 1, title: 'a', author: { id: 1, name: 'ann' } },
  { id: 2, title: 'b', author: { id: 2, name: 'bob' } },
];

describe('referential stability', () => {
  it('same inputs give the same objects', () => {
    const memo = new MemoCache();
    const s = normalize([Post], posts);
    const a = memo.denormalize([Post], s.result, s.entities);
    const b = memo.denormalize([Post], s.result, s.entities);
    expect(b).toBe(a);
    expect(b.data).toBe(a.data);
    expect(a.paths).toEqual([
      { key: 'Post', pk: '1' },
      { key: 'User', pk: '1' },
      { key: 'Post', pk: '2' },
      { key: 'User', pk: '2' },
    ]);
  });

  it('one input read with other args, and back, gives each args its own result, the same each time', () => {
    const memo = new MemoCache();
    const s = normalize([Post], posts);
    const read = (args: unknown[]) => memo.denormalize([Post], s.result, s.entities, args);
    const a = read([{ page: 1 }]);
    const b = read([{ page: 2 }]);
    expect(b).not.toBe(a);
    expect(read([{ page: 1 }])).toBe(a);
    expect(read([{ page: 2 }])).toBe(b);
    expect(read([{ page: 1 }]).data).toBe(a.data);
  });

  it('a list schema written inline and its member keep their results apart, in either order', () => {
    const s = normalize(User, { id: 1, name: 'ann' });
    const member = { author: User };
    const input = { author: '1' };
    for (const listFirst of [true, false]) {
      const memo = new MemoCache();
      const list = () => memo.denormalize([member], input, s.entities).data;
      const one = () => memo.denormalize(member, input, s.entities).data;
      let asList: unknown, asMember: unknown;
      if (listFirst) [asList, asMember] = [list(), one()];
      else [asMember, asList] = [one(), list()];
      expect(asList).toBe(input); // not an array: a list schema reads it as it is
      expect((asMember as { author: User }).author).toBeInstanceOf(User);
      // by key too (a primitive input): `[User]` of '1' is not User 1
      expect(memo.denormalize(User, '1', s.entities).data).toBeInstanceOf(User);
      expect(memo.denormalize([User], '1', s.entities).data).toBe('1');
      expect(memo.denormalize(User, '1', s.entities).data).toBeInstanceOf(User);
      // an inline `[member]` is the same cache entry however often it is written
      expect(memo.denormalize([member], input, s.entities).data).toBe(asList);
    }
  });

  it('primitive schemas (rare) are memoized too, in one bucket that prune keeps', () => {
    const memo = new MemoCache();
    const input = { a: 1 };
    const first = memo.denormalize(5 as never, input, {});
    expect(first.data).toBe(input);
    memo.prune({});
    expect(memo.denormalize(5 as never, input, {})).toBe(first);
    // a new but equal input, by key; `[5]` apart from 5
    expect(memo.denormalize(5 as never, { a: 1 }, {})).toBe(first);
    expect(memo.denormalize([5] as never, input, {})).not.toBe(first);
    expect(memo.denormalize('x' as never, input, {}).data).toBe(input);
  });

  it('the same entity read by different results is the same object', () => {
    const memo = new MemoCache();
    const s = normalize([Post], posts);
    const list = memo.denormalize([Post], s.result, s.entities).data as Post[];
    const one = memo.denormalize(Post, '2', s.entities).data;
    expect(one).toBe(list[1]);
  });

  it('after one entity changes, only what depends on it changes identity', () => {
    const memo = new MemoCache();
    const s1 = normalize([Post], posts, [], undefined, meta(1));
    const before = memo.denormalize([Post], s1.result, s1.entities).data as Post[];
    const s2 = normalize(User, { id: 2, name: 'bobby' }, [], s1, meta(2));
    // untouched tables keep identity
    expect(s2.entities.Post).toBe(s1.entities.Post);
    const after = memo.denormalize([Post], s1.result, s2.entities).data as Post[];
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.author!.name).toBe('bobby');
    expect(memo.denormalize(User, '1', s2.entities).data).toBe(before[0]!.author);
  });

  it('a write to every table a result read, but to none of its entities, keeps the result', () => {
    const memo = new MemoCache();
    const s1 = normalize([Todo], [{ id: 1, title: 'a' }, { id: 2, title: 'b' }], [], undefined, meta(1));
    const first = memo.denormalize([Todo], s1.result, s1.entities);
    // the only table it read changed (a Todo it does not list was written)
    const s2 = normalize(Todo, { id: 3, title: 'c' }, [], s1, meta(2));
    expect(s2.entities.Todo).not.toBe(s1.entities.Todo);
    expect(memo.denormalize([Todo], s1.result, s2.entities)).toBe(first);
    // then one it lists: a new result, the other entity kept
    const s3 = normalize(Todo, { id: 2, title: 'B' }, [], s2, meta(3));
    const third = memo.denormalize([Todo], s1.result, s3.entities);
    expect(third).not.toBe(first);
    expect((third.data as Todo[])[0]).toBe((first.data as Todo[])[0]);
    expect((third.data as Todo[])[1]!.title).toBe('B');
    // a result over two tables, both written, neither entity it reads
    const p1 = normalize([Post], posts, [], undefined, meta(1));
    const read = memo.denormalize([Post], p1.result, p1.entities);
    const p2 = normalize([Post], [{ id: 9, title: 'z', author: { id: 9, name: 'zed' } }], [], p1, meta(2));
    expect(p2.entities.Post).not.toBe(p1.entities.Post);
    expect(p2.entities.User).not.toBe(p1.entities.User);
    expect(memo.denormalize([Post], p1.result, p2.entities)).toBe(read);
  });

  it('storing data equal to what is stored keeps the entity and the result', () => {
    const memo = new MemoCache();
    const s1 = normalize([Post], posts, [], undefined, meta(1));
    const first = memo.denormalize([Post], s1.result, s1.entities);
    const s2 = normalize([Post], structuredClone(posts), [], s1, meta(2));
    expect(s2.entities).toBe(s1.entities);
    expect(s2.entities.Post!['1']).toBe(s1.entities.Post!['1']);
    expect(s2.result).not.toBe(s1.result);
    // a new but equal normalized result reads back as the same data
    expect(memo.denormalize([Post], s2.result, s2.entities).data).toBe(first.data);
    // meta still moves forward (for expiry)
    expect(s2.entitiesMeta.Post!['1']!.fetchedAt).toBe(2);
  });

  it('a partial response equal to the stored fields keeps identity', () => {
    const s1 = normalize(Todo, { id: 1, title: 'a', done: false });
    const s2 = normalize(Todo, { id: 1, done: false }, [], s1);
    expect(s2.entities.Todo!['1']).toBe(s1.entities.Todo!['1']);
  });

  it('an equal collection keeps identity', () => {
    const list = new Collection([Todo]);
    const s1 = normalize(list, [{ id: 1 }, { id: 2 }], [{}]);
    const s2 = normalize(list, [{ id: 1 }, { id: 2 }], [{}], s1);
    expect(s2.entities).toBe(s1.entities);
  });

  it('a result that reads a missing entity refreshes when it is stored', () => {
    const memo = new MemoCache();
    const empty = normalize(Todo, { id: 1 });
    expect(memo.denormalize(Todo, '2', empty.entities).data).toBeUndefined();
    const s = normalize(Todo, { id: 2, title: 'now' }, [], empty);
    expect((memo.denormalize(Todo, '2', s.entities).data as Todo).title).toBe('now');
  });

  it('copy-on-write: normalize never mutates the store it was given', () => {
    const s1 = normalize([Post], posts);
    const frozen = structuredClone({ entities: s1.entities, entitiesMeta: s1.entitiesMeta });
    normalize(User, { id: 1, name: 'changed' }, [], s1);
    normalize(User, { id: 3, name: 'new' }, [], s1);
    expect({ entities: s1.entities, entitiesMeta: s1.entitiesMeta }).toEqual(frozen);
  });

  it('a throw leaves the store untouched and nothing stored is lost', () => {
    const s1 = normalize([Post], posts);
    const entities = s1.entities;
    const snapshot = structuredClone(entities);
    // the first item is fine, the second has no pk
    expect(() => normalize([User], [{ id: 1, name: 'x' }, { name: 'no id' }], [], s1)).toThrow(/User/);
    expect(s1.entities).toBe(entities);
    expect(entities).toEqual(snapshot);
  });

  it('one entity read twice in a result is one instance', () => {
    const s = normalize([Post], [
      { id: 1, author: { id: 1 } },
      { id: 2, author: { id: 1 } },
    ]);
    const data = new MemoCache().denormalize([Post], s.result, s.entities).data as Post[];
    expect(data[0]!.author).toBe(data[1]!.author);
    // uncached: an entity with nested schemas is one instance per pass
    const twice = denormalize([Post], ['1', '1'], s.entities) as Post[];
    expect(twice[0]).toBe(twice[1]);
  });
});
