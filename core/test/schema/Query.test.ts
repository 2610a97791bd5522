import { describe, expect, it } from 'vitest';
import { All, INVALID, Invalidate, Query, Union } from '../../src/schema';
import { MemoCache, normalize } from '../../src/normalize';
import { Todo, User } from './fixtures';

const state = () =>
  normalize([Todo], [
    { id: 1, done: true, userId: 1 },
    { id: 2, done: false, userId: 1 },
    { id: 3, done: true, userId: 2 },
  ]);

describe('All', () => {
  it('reads every stored entity of a kind, skipping deleted ones', () => {
    const memo = new MemoCache();
    let s = state();
    expect((memo.query(new All(Todo), [], s) as Todo[]).map((t) => t.id)).toEqual([1, 2, 3]);
    s = normalize(new Invalidate(Todo), '2', [], s);
    expect((memo.query(new All(Todo), [], s) as Todo[]).map((t) => t.id)).toEqual([1, 3]);
  });

  it('is undefined before anything of the kind is stored', () => {
    expect(new MemoCache().query(new All(User), [], state())).toBeUndefined();
  });

  it('reads every member of a Union', () => {
    const u = new Union({ users: User, todos: Todo }, 'type');
    const s = normalize(User, { id: 9, name: 'ann' }, [], state());
    const all = new MemoCache().query(new All(u), [], s) as unknown[];
    expect(all).toHaveLength(4);
    expect(all.filter((x) => x instanceof User)).toHaveLength(1);
  });

  it('keeps identity while nothing changes', () => {
    const memo = new MemoCache();
    const all = new All(Todo);
    const s = state();
    expect(memo.query(all, [], s)).toBe(memo.query(all, [], s));
    expect(memo.query(all, [], s)).toBe(memo.query(all, [], { entities: { ...s.entities } }));
  });
});

describe('Query', () => {
  it('applies process with the args, memoized', () => {
    const memo = new MemoCache();
    const doneOf = new Query(new All(Todo), (todos, { userId }: { userId: number }) =>
      todos.filter((t) => t.done && t.userId === userId),
    );
    const s = state();
    const a = memo.query(doneOf, [{ userId: 1 }], s) as Todo[];
    expect(a.map((t) => t.id)).toEqual([1]);
    expect(memo.query(doneOf, [{ userId: 1 }], s)).toBe(a);
    expect((memo.query(doneOf, [{ userId: 2 }], s) as Todo[]).map((t) => t.id)).toEqual([3]);
  });

  it('counts (a derived scalar)', () => {
    const count = new Query(new All(Todo), (todos) => todos.length);
    expect(new MemoCache().query(count, [], state())).toBe(3);
  });

  it('Entity lookup by pk args', () => {
    const memo = new MemoCache();
    const s = state();
    expect((memo.query(Todo, [{ id: 2 }], s) as Todo).id).toBe(2);
    expect((memo.query(Todo, [3], s) as Todo).id).toBe(3);
    expect(memo.query(Todo, [{ id: 7 }], s)).toBeUndefined();
    expect(memo.query(Todo, [], s)).toBeUndefined();
    const gone = normalize(new Invalidate(Todo), '1', [], s);
    expect(memo.query(Todo, [{ id: 1 }], gone)).toBe(INVALID);
  });

  it('object schemas query each member', () => {
    const memo = new MemoCache();
    const s = state();
    const both = memo.query({ first: Todo, all: new All(Todo) }, [{ id: 1 }], s) as any;
    expect(both.first.id).toBe(1);
    expect(both.all).toHaveLength(3);
  });
});
