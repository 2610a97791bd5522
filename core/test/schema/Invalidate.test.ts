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

  it('missing pk is a 400 naming the entity', () => {
    expect(() => normalize(new Invalidate(Todo), {})).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/Invalidate\(Todo\)/) }));
  });
});
