import { describe, expect, it, vi } from 'vitest';
import { Entity, INVALID, Invalidate, Union } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';
import { Todo, User } from './fixtures';

const seed = () => normalize([Todo], [{ id: 1 }, { id: 2 }]);

describe('Invalidate', () => {
  it('by string pk: writes a tombstone; lists skip it; a lone read gives INVALID', () => {
    const list = seed();
    const s = normalize(new Invalidate(Todo), '1', [], list);
    expect(s.result).toBe('1');
    expect(s.entities.Todo!['1']).toBe(INVALID);
    expect((denormalize([Todo], list.result, s.entities) as Todo[]).map((t) => t.id)).toEqual([2]);
    expect(denormalize(Todo, '1', s.entities)).toBe(INVALID);
    expect(new MemoCache().denormalize(Todo, '1', s.entities).data).toBe(INVALID);
  });

  it('by number pk and by object with what pk() needs', () => {
    expect(normalize(new Invalidate(Todo), 2, [], seed()).entities.Todo!['2']).toBe(INVALID);
    expect(normalize(new Invalidate(Todo), { id: 2 }, [], seed()).entities.Todo!['2']).toBe(INVALID);
    class Repo extends Entity {
      owner = '';
      name = '';
      static override key = 'Repo';
      override pk() {
        return `${this.owner}/${this.name}`;
      }
    }
    expect(normalize(new Invalidate(Repo), { owner: 'a', name: 'b' }).entities.Repo!['a/b']).toBe(INVALID);
  });

  it('a later fetch brings the entity back', () => {
    const s = normalize(new Invalidate(Todo), '1', [], seed());
    const back = normalize(Todo, { id: 1, title: 'again' }, [], s);
    expect((denormalize(Todo, '1', back.entities) as Todo).title).toBe('again');
  });

  it('works with a Union (object input with the discriminator)', () => {
    const u = new Union({ users: User, todos: Todo }, 'type');
    const s = normalize(new Invalidate(u), { id: 1, type: 'todos' }, [], seed());
    expect(s.entities.Todo!['1']).toBe(INVALID);
    // a bare pk names no kind: nothing is invalidated, with a warning naming the schema
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seeded = seed();
    expect(normalize(new Invalidate(u), '1', [], seeded).entities).toBe(seeded.entities);
    expect(warn.mock.calls[0]![0]).toMatch(/Invalidate\(Union\(users\|todos\)\): no schema for discriminator/);
    warn.mockRestore();
  });

  it("over a Union, schema is the Union's members and isSingleSchema is false (the Union is hoisted)", () => {
    const members = { users: User, todos: Todo };
    for (const inv of [new Invalidate(new Union(members, 'type')), new Invalidate(members, 'type')]) {
      expect(inv.schema).toEqual(members);
      expect(inv.isSingleSchema).toBe(false);
      expect(inv.key).toBe('Union(users|todos)');
      const s = normalize(inv, { id: 2, type: 'users' }, [], normalize([User], [{ id: 2 }]));
      expect(s.result).toEqual({ id: '2', schema: 'users' });
      expect(s.entities.User!['2']).toBe(INVALID);
      expect(denormalize(inv, s.result, normalize([User], [{ id: 2 }]).entities)).toBeInstanceOf(User);
    }
    const one = new Invalidate(Todo);
    expect(one.schema).toBe(Todo);
    expect(one.isSingleSchema).toBe(true);
  });

  it('missing pk is a 400 naming the entity', () => {
    expect(() => normalize(new Invalidate(Todo), {})).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/Invalidate\(Todo\)/) }));
  });
});

describe('a deleted nested entity', () => {
  class Author extends Entity {
    id = 0;
    name = '';
    static override key = 'Author';
  }
  class Book extends Entity {
    id = 0;
    // required: its default is an Author, so a book without one is not a book
    author = Author.fromJS();
    // optional: empty by default
    editor: Author | null = null;
    static override key = 'Book';
    static override schema = { author: Author, editor: Author };
  }
  const stored = () =>
    normalize([Book], [
      { id: 1, author: { id: 10, name: 'a' }, editor: { id: 11, name: 'e' } },
      { id: 2, author: { id: 11, name: 'e' } },
    ]);

  it('deletes the entity that requires it: a lone read gives INVALID, lists drop it', () => {
    const s = stored();
    const after = normalize(new Invalidate(Author), '10', [], s);
    expect(denormalize(Book, '1', after.entities)).toBe(INVALID);
    expect(new MemoCache().denormalize(Book, '1', after.entities).data).toBe(INVALID);
    expect((denormalize([Book], s.result, after.entities) as Book[]).map((b) => b.id)).toEqual([2]);
    // an object schema holding it reads as deleted as a whole
    expect(denormalize({ book: Book }, { book: '1' }, after.entities)).toBe(INVALID);
  });

  it('in an optional field reads as missing and keeps the entity', () => {
    const after = normalize(new Invalidate(Author), '11', [], stored());
    const book = denormalize(Book, '1', after.entities) as Book;
    expect(book).toBeInstanceOf(Book);
    expect(book.editor).toBeUndefined();
    expect(book.author.name).toBe('a');
  });
});
