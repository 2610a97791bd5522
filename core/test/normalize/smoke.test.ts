import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}
class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  createdAt = new Date(0);
  static override key = 'Post';
  static override schema = { author: User, createdAt: Date };
}

describe('normalize round trip', () => {
  it('stores nested entities and reads instances back', () => {
    const input = [{ id: 1, title: 'a', author: { id: 7, name: 'ann' }, createdAt: '2020-01-01T00:00:00Z' }];
    const { result, entities } = normalize([Post], input);
    expect(result).toEqual(['1']);
    expect(entities.User!['7']).toEqual({ id: 7, name: 'ann' });
    const data = denormalize([Post], result, entities) as Post[];
    expect(data[0]).toBeInstanceOf(Post);
    expect(data[0]!.author).toBeInstanceOf(User);
    expect(data[0]!.createdAt).toBeInstanceOf(Date);
    const memo = new MemoCache();
    const a = memo.denormalize([Post], result, entities);
    const b = memo.denormalize([Post], [...result], entities);
    expect(a.data).toBe(b.data);
    expect(a.paths).toEqual([{ key: 'Post', pk: '1' }, { key: 'User', pk: '7' }]);
  });
});
