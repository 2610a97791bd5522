import { describe, expect, it } from 'vitest';
import { SchemaError, Union } from '../../src/schema';
import { normalize } from '../../src/normalize';
import { Post, Todo } from './fixtures';

describe('list schemas', () => {
  it('a list of two member schemas is an error naming them, not a list of the first', () => {
    const mixed = [{ id: 1, title: 'a' }];
    expect(() => normalize([Todo, Post], mixed)).toThrow(SchemaError);
    expect(() => normalize([Todo, Post], mixed)).toThrow(/\[Todo,Post\].*one member schema/);
    // nested too
    expect(() => normalize({ items: [Todo, Post] }, { items: mixed })).toThrow(/at field "items"/);
  });

  it('mixed members are declared with a Union', () => {
    const either = new Union({ todo: Todo, post: Post }, 'type');
    const { result } = normalize([either], [{ id: 1, type: 'todo' }, { id: 2, type: 'post' }]);
    expect(result).toEqual([
      { id: '1', schema: 'todo' },
      { id: '2', schema: 'post' },
    ]);
  });
});
