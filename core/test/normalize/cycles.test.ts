import { afterEach, describe, expect, it, vi } from 'vitest';
import { Collection, Entity } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';

class Person extends Entity {
  id = 0;
  name = '';
  friend: Person | undefined = undefined;
  static override key = 'Person';
}
Person.schema = { friend: Person };

afterEach(() => vi.restoreAllMocks());

describe('cycles', () => {
  it('entities referencing each other read as a closed loop of instances', () => {
    const s = normalize(Person, { id: 1, name: 'a', friend: { id: 2, name: 'b', friend: 1 } });
    for (const read of [
      () => denormalize(Person, '1', s.entities) as Person,
      () => new MemoCache().denormalize(Person, '1', s.entities).data as Person,
    ]) {
      const a = read();
      expect(a.friend!.name).toBe('b');
      expect(a.friend!.friend).toBe(a);
    }
  });

  it('a cycle through a nested collection reads its members, not their stored keys', () => {
    // Each todo lists the todos of its user: todo 2's list is the one being read around it.
    class Todo extends Entity {
      id = 0;
      userId = 0;
      mine: Todo[] = [];
      static override key = 'Todo';
    }
    Todo.schema = { mine: new Collection([Todo], { nestKey: (todo: Todo) => ({ userId: todo.userId }) }) };
    const s = normalize([Todo], [{ id: 1, userId: 1, mine: [{ id: 1, userId: 1 }, { id: 2, userId: 1, mine: [] }] }]);
    for (const read of [
      () => denormalize([Todo], s.result, s.entities) as Todo[],
      () => new MemoCache().denormalize([Todo], s.result, s.entities).data as Todo[],
    ]) {
      const [one] = read();
      const two = one!.mine[1]!;
      expect(two).toBeInstanceOf(Todo);
      expect(two.mine.map((t) => t.id)).toEqual([1, 2]);
      expect(two.mine[0]).toBe(one);
    }
  });

  it('memoized cycles refresh when any member changes', () => {
    const memo = new MemoCache();
    const s1 = normalize(Person, { id: 1, name: 'a', friend: { id: 2, name: 'b', friend: 1 } });
    const a1 = memo.denormalize(Person, '1', s1.entities).data as Person;
    const s2 = normalize(Person, { id: 1, name: 'A' }, [], s1);
    const b2 = memo.denormalize(Person, '2', s2.entities).data as Person;
    expect(b2.friend!.name).toBe('A');
    expect(b2.friend!.friend).toBe(b2);
    expect(a1.name).toBe('a');
  });

  it('a cyclic input object is reported, not a stack overflow', () => {
    const a: any = { id: 1, name: 'a' };
    a.friend = a;
    expect(() => normalize(Person, a)).toThrow(/Person.*nested deeper.*cycle/s);
  });

  it('very deep entity chains stop at the depth limit and are reported', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let s = normalize(Person, { id: 0 });
    for (let i = 1; i < 400; i++) s = normalize(Person, { id: i, friend: i - 1 }, [], s);
    const top = denormalize(Person, '399', s.entities) as Person;
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/depth limit.*Person/);
    let depth = 0;
    for (let p: any = top; p && typeof p === 'object'; p = p.friend) depth++;
    expect(depth).toBeGreaterThan(100);
    expect(depth).toBeLessThan(400);
    expect(() => new MemoCache().denormalize(Person, '399', s.entities)).not.toThrow();
  });

  it('reports the depth limit on every read that reaches it, not only the first of the process', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let s = normalize(Person, { id: 0 });
    for (let i = 1; i < 400; i++) s = normalize(Person, { id: i, friend: i - 1 }, [], s);
    denormalize(Person, '399', s.entities);
    denormalize(Person, '398', s.entities);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[1]![0]).toMatch(/Entity depth limit.*Person/);
  });

  it('an Entity lowers the depth limit for its own records with static maxEntityDepth', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    class Link extends Entity {
      id = 0;
      next: Link | undefined = undefined;
      static override key = 'Link';
      static override maxEntityDepth = 5;
    }
    Link.schema = { next: Link };
    let s = normalize(Link, { id: 0 });
    for (let i = 1; i < 20; i++) s = normalize(Link, { id: i, next: i - 1 }, [], s);
    for (const read of [() => denormalize(Link, '19', s.entities), () => new MemoCache().denormalize(Link, '19', s.entities).data]) {
      let p: any = read();
      // five levels resolved; the sixth is an instance whose `next` is still the stored key
      for (let i = 0; i < 5; i++) p = p.next;
      expect(p).toBeInstanceOf(Link);
      expect(p.id).toBe(14);
      expect(p.next).toBe(13);
    }
    expect(error.mock.calls[0]![0]).toMatch(/depth limit of 5 reached at Link/);
  });

  it('a read started inside a read (from a schema hook) does not disturb the one around it', () => {
    // Each Noted's denormalize also reads person 3 on its own, with the same denormalize or memo.
    for (const [read, inner] of [
      [(s: any) => denormalize(Noted, '1', s.entities), (e: any) => denormalize(Person, '3', e)],
      [(s: any) => memo.denormalize(Noted, '1', s.entities).data, (e: any) => memo.denormalize(Person, '3', e).data],
    ] as const) {
      const s = normalize([Noted], [{ id: 1, name: 'a', friend: { id: 2, name: 'b', friend: 1 } }]);
      const entities = normalize(Person, { id: 3, name: 'c' }, [], s).entities;
      const seen: any[] = [];
      hook = () => seen.push(inner(entities));
      const a = read({ entities }) as Noted;
      expect(a.friend!.name).toBe('b');
      expect(a.friend!.friend).toBe(a);
      expect(seen.length).toBeGreaterThan(0);
      for (const p of seen) expect(p.name).toBe('c');
      hook = undefined;
    }
  });
});

let hook: (() => void) | undefined;
const memo = new MemoCache();
class Noted extends Entity {
  id = 0;
  name = '';
  friend: Noted | undefined = undefined;
  static override key = 'Noted';
  static override denormalize(input: any, args: readonly any[], unvisit: any): any {
    hook?.();
    return super.denormalize(input, args, unvisit);
  }
}
Noted.schema = { friend: Noted };
