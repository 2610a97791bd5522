import Decimal from 'decimal.js';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { Entity, INVALID, SchemaError } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';
import { Post, Todo, User, meta } from './fixtures';

describe('Entity', () => {
  it('reads back instances of its class, missing fields at their defaults', () => {
    const { result, entities } = normalize(Todo, { id: 1, title: 'milk' });
    expect(result).toBe('1');
    const todo = denormalize(Todo, result, entities) as Todo;
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toEqual(expect.objectContaining({ id: 1, title: 'milk', userId: 0, done: false }));
    expect(todo.pk()).toBe(1);
  });

  it('keeps fields it does not declare', () => {
    const { entities } = normalize(Todo, { id: 1, extra: 'x' });
    expect((denormalize(Todo, '1', entities) as any).extra).toBe('x');
  });

  it('uses the class name as key by default and a custom pk()', () => {
    class Repo extends Entity {
      owner = '';
      name = '';
      override pk() {
        return `${this.owner}/${this.name}`;
      }
    }
    expect(Repo.key).toBe('Repo');
    expect(Repo.pk({ owner: 'a', name: 'b' })).toBe('a/b');
    const { result, entities } = normalize(Repo, { owner: 'a', name: 'b' });
    expect(result).toBe('a/b');
    expect(entities.Repo!['a/b']).toEqual({ owner: 'a', name: 'b' });
  });

  it('fromJS makes an instance with defaults', () => {
    const t = Todo.fromJS({ title: 'x' });
    expect(t).toBeInstanceOf(Todo);
    expect(t.title).toBe('x');
    expect(t.done).toBe(false);
  });

  it('normalizes nested entities into their own table', () => {
    const { result, entities } = normalize(Post, { id: 1, title: 't', author: { id: 9, name: 'ann' } });
    expect(result).toBe('1');
    expect(entities.Post!['1']).toEqual({ id: 1, title: 't', author: '9' });
    expect(entities.User!['9']).toEqual({ id: 9, name: 'ann' });
    const post = denormalize(Post, '1', entities) as Post;
    expect(post.author).toBeInstanceOf(User);
    expect(post.author!.name).toBe('ann');
  });

  it('accepts a bare pk where a nested entity is declared', () => {
    const first = normalize(User, { id: 9, name: 'ann' });
    const { entities } = normalize(Post, { id: 1, author: 9 }, [], first);
    expect((denormalize(Post, '1', entities) as Post).author!.name).toBe('ann');
  });

  describe('deserialisers in static schema', () => {
    class Event extends Entity {
      id = 0;
      at = new Date(0);
      instant = Temporal.Instant.fromEpochMilliseconds(0);
      price = new Decimal(0);
      count = 0;
      label = '';
      static override key = 'Event';
      static override schema = {
        at: Date,
        instant: Temporal.Instant.from,
        price: Decimal,
        count: Number,
        label: (v: string) => v.toUpperCase(),
      };
    }

    it('converts stored JSON values when read', () => {
      const { entities } = normalize(Event, {
        id: 1,
        at: '2024-03-01T10:00:00Z',
        instant: '2024-03-01T10:00:00Z',
        price: '0.1',
        count: '42',
        label: 'abc',
      });
      // the store keeps plain JSON (serialisable)
      expect(entities.Event!['1'].at).toBe('2024-03-01T10:00:00Z');
      const e = denormalize(Event, '1', entities) as Event;
      expect(e.at).toBeInstanceOf(Date);
      expect(e.at.toISOString()).toBe('2024-03-01T10:00:00.000Z');
      expect(e.instant).toBeInstanceOf(Temporal.Instant);
      expect(e.instant.epochMilliseconds).toBe(Date.UTC(2024, 2, 1, 10));
      expect(e.price).toBeInstanceOf(Decimal);
      expect(e.price.plus('0.2').toString()).toBe('0.3');
      expect(e.count).toBe(42);
      expect(e.label).toBe('ABC');
    });

    it('leaves missing values at their defaults and null as null', () => {
      const { entities } = normalize(Event, { id: 2, at: null });
      const e = denormalize(Event, '2', entities) as Event;
      expect(e.at).toBeNull();
      expect(e.price).toBeInstanceOf(Decimal);
      expect(e.price.toNumber()).toBe(0);
    });
  });

  it('process reshapes input (renaming fields)', () => {
    class Account extends Entity {
      id = '';
      displayName = '';
      static override key = 'Account';
      static override process(input: any) {
        const { uuid, display_name, ...rest } = input;
        return { ...rest, id: uuid, displayName: display_name };
      }
    }
    const input = { uuid: 'u1', display_name: 'Ann' };
    const { result, entities } = normalize(Account, input);
    expect(result).toBe('u1');
    expect(entities.Account!.u1).toEqual({ id: 'u1', displayName: 'Ann' });
    expect(input).toEqual({ uuid: 'u1', display_name: 'Ann' });
  });

  it('process receives parent, key and args', () => {
    const seen: unknown[] = [];
    class Child extends Entity {
      id = 0;
      static override key = 'Child';
      static override process(input: any, parent: any, key: any, args: readonly any[]) {
        seen.push(parent.id, key, args[0]);
        return { ...input, parentId: parent.id };
      }
    }
    class Parent extends Entity {
      id = 0;
      static override key = 'Parent';
      static override schema = { child: Child };
    }
    const { entities } = normalize(Parent, { id: 5, child: { id: 1 } }, ['arg']);
    expect(seen).toEqual([5, 'child', 'arg']);
    expect(entities.Child!['1'].parentId).toBe(5);
  });

  it('never mutates the input, even when process returns it', () => {
    class Raw extends Entity {
      id = 0;
      static override key = 'Raw';
      static override schema = { author: User };
      static override process(input: any) {
        return input;
      }
    }
    const input = { id: 1, author: { id: 2, name: 'b' } };
    normalize(Raw, input);
    expect(input.author).toEqual({ id: 2, name: 'b' });
  });

  describe('merging', () => {
    it('merges a partial response into the stored entity', () => {
      const a = normalize(Todo, { id: 1, title: 'a', done: false }, [], undefined, meta(1));
      const b = normalize(Todo, { id: 1, done: true }, [], a, meta(2));
      expect(b.entities.Todo!['1']).toEqual({ id: 1, title: 'a', done: true });
      expect(b.entitiesMeta.Todo!['1']!.fetchedAt).toBe(2);
    });

    it('a response fetched earlier never overwrites one fetched later', () => {
      const later = normalize(Todo, { id: 1, title: 'new' }, [], undefined, meta(10));
      const earlier = normalize(Todo, { id: 1, title: 'old', done: true }, [], later, meta(5));
      // merges underneath: keeps 'new', fills the field the later one lacked
      expect(earlier.entities.Todo!['1']).toEqual({ id: 1, title: 'new', done: true });
      expect(earlier.entitiesMeta.Todo!['1']!.fetchedAt).toBe(10);
    });

    it('an earlier response with nothing new keeps the stored object', () => {
      const later = normalize(Todo, { id: 1, title: 'new' }, [], undefined, meta(10));
      const earlier = normalize(Todo, { id: 1, title: 'old' }, [], later, meta(5));
      expect(earlier.entities.Todo!['1']).toBe(later.entities.Todo!['1']);
      expect(earlier.entities).toBe(later.entities);
    });

    it('uses a custom static merge', () => {
      class Tagged extends Entity {
        id = 0;
        tags: string[] = [];
        static override key = 'Tagged';
        static override merge(existing: any, incoming: any) {
          return { ...existing, ...incoming, tags: [...existing.tags, ...incoming.tags] };
        }
      }
      const a = normalize(Tagged, { id: 1, tags: ['a'] }, [], undefined, meta(1));
      const b = normalize(Tagged, { id: 1, tags: ['b'] }, [], a, meta(2));
      expect(b.entities.Tagged!['1'].tags).toEqual(['a', 'b']);
      // the older response merges underneath with the same hook
      const c = normalize(Tagged, { id: 1, tags: ['z'] }, [], b, meta(0));
      expect(c.entities.Tagged!['1'].tags).toEqual(['z', 'a', 'b']);
    });

    it('mergeWithStore can be overridden (always latest wins)', () => {
      class Latest extends Entity {
        id = 0;
        v = 0;
        static override key = 'Latest';
        static override shouldReorder() {
          return false;
        }
      }
      const a = normalize(Latest, { id: 1, v: 2 }, [], undefined, meta(10));
      const b = normalize(Latest, { id: 1, v: 1 }, [], a, meta(5));
      expect(b.entities.Latest!['1'].v).toBe(1);
    });
  });

  describe('bad input', () => {
    it('missing pk is a 400 naming the entity, hinting at id', () => {
      for (const id of [undefined, '', 'undefined']) {
        let err: any;
        try {
          normalize(Todo, { id, title: 'x' });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(SchemaError);
        expect(err.status).toBe(400);
        expect(err.schema).toBe('Todo');
        expect(err.message).toMatch(/Todo/);
        expect(err.message).toMatch(/`id`/);
      }
    });

    it('names the field where the bad nested entity sits', () => {
      expect(() => normalize(Post, { id: 1, author: { name: 'no id' } })).toThrow(/User at field "author".*primary key/s);
    });

    it('a custom pk() gets a hint without `id`', () => {
      class Keyed extends Entity {
        slug = '';
        static override key = 'Keyed';
        override pk() {
          return this.slug;
        }
      }
      expect(() => normalize(Keyed, { title: 'x' })).toThrow(/Keyed: missing primary key[\s\S]*pk\(\) found nothing/);
    });

    it('a record process() deletes takes the same pk checks: an object pk is refused, nothing is invalidated', () => {
      class Soft extends Entity {
        id = 0;
        static override key = 'Soft';
        static override process(): any {
          return undefined;
        }
      }
      const stored = normalize([Soft], [{ id: 1 }]);
      expect(() => normalize(Soft, { id: { a: 1 } }, [], stored)).toThrow(/Soft: primary key must be a string or number/);
      expect(() => normalize(Soft, { id: '' }, [], stored)).toThrow(/Soft: missing primary key/);
      // during an optimistic update too: a deleted record has no temporary pk
      expect(() => normalize(Soft, {}, [], stored, { ...meta(1), optimistic: true })).toThrow(/Soft: missing primary key/);
      expect(normalize(Soft, { id: 1 }, [], stored).entities.Soft!['1']).toBe(INVALID);
    });

    it('missing pk is allowed during an optimistic create', () => {
      const { result, entities } = normalize(Todo, { title: 'draft' }, [], undefined, { ...meta(1), optimistic: true });
      expect(typeof result).toBe('string');
      expect((denormalize(Todo, result, entities) as Todo).title).toBe('draft');
      // the positional flag works too
      expect(() => normalize(Todo, { title: 'x' }, [], undefined, meta(1), true)).not.toThrow();
    });

    it('an array where one entity is declared', () => {
      expect(() => normalize(Todo, [{ id: 1 }])).toThrow(/Todo: expected one object but got an array/);
      try {
        normalize(Todo, [{ id: 1 }]);
      } catch (e: any) {
        expect(e.status).toBe(400);
        expect(e.message).toMatch(/\[Todo\]/);
      }
    });

    it('a string that parses as JSON hints that the response was not parsed', () => {
      expect(() => normalize(Todo, '{"id":1}')).toThrow(/response not parsed/);
      expect(() => normalize([Todo], '[{"id":1}]')).toThrow(/response not parsed/);
      expect(() => normalize({ todo: Todo }, '{"todo":{"id":1}}')).toThrow(/response not parsed/);
    });
  });

  describe('indexes', () => {
    class Article extends Entity {
      id = 0;
      slug = '';
      title = '';
      static override key = 'Article';
      static override indexes = ['slug'] as const;
    }

    it('a read by an indexed field finds the record, and follows the store', () => {
      const memo = new MemoCache();
      let s = normalize([Article], [{ id: 1, slug: 'hello', title: 'Hello' }, { id: 2, slug: 'bye', title: 'Bye' }]);
      const bySlug = (slug: string) => memo.query(Article, [{ slug }], s) as Article | undefined;
      expect(bySlug('bye')).toBeInstanceOf(Article);
      expect(bySlug('bye')?.id).toBe(2);
      expect(bySlug('nope')).toBeUndefined();
      s = normalize(Article, { id: 3, slug: 'new', title: 'New' }, [], s);
      expect(bySlug('new')?.title).toBe('New');
      // a field not listed in indexes is no lookup
      expect(memo.query(Article, [{ title: 'New' }], s)).toBeUndefined();
      // the primary key still wins when given
      expect((memo.query(Article, [{ id: 1, slug: 'bye' }], s) as Article).slug).toBe('hello');
    });

    it('a record without an indexed field is reported in development, once per class', () => {
      class Page extends Entity {
        id = 0;
        slug = '';
        static override key = 'Page';
        static override indexes = ['slug'] as const;
      }
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stored = normalize([Page], [{ id: 1, slug: 'a' }]);
      expect(warn).not.toHaveBeenCalled();
      // a partial record merged into a stored one that has the field is found by it
      normalize(Page, { id: 1, title: 'renamed' }, [], stored);
      expect(warn).not.toHaveBeenCalled();
      normalize([Page], [{ id: 2 }, { id: 3 }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/Page: a record has no slug field, listed in static indexes/);
      warn.mockRestore();
    });
  });
});

