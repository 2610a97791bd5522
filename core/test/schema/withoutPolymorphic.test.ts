// Invalidate and Collection's `[S]` list do not extend Polymorphic (the base of Union,
// schema.Array, Values and All), so apps that only delete and list entities do not bundle
// it. What they had from it, and what the checks that stopped using `instanceof` see,
// stays as it was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Collection, Entity, INVALID, Invalidate, Union, Values, schema } from '../../src/schema';
import { denormalize, normalize } from '../../src/normalize';
import { resource } from '../../src/rest';
import { Todo, User } from './fixtures';

class Group extends Entity {
  id = 0;
  static override key = 'Group';
}
const members = { users: User, groups: Group };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Invalidate', () => {
  it('over one Entity: schema, isSingleSchema, key, name and inferSchema', () => {
    const inv = new Invalidate(Todo);
    expect(inv.schema).toBe(Todo);
    expect(inv.isSingleSchema).toBe(true);
    expect(inv.key).toBe('Todo');
    expect(inv.name).toBe('Invalidate(Todo)');
    expect(inv.inferSchema({ id: 1 }, undefined, undefined)).toBe(Todo);
    expect(denormalize(inv, '1', normalize([Todo], [{ id: 1 }]).entities)).toBeInstanceOf(Todo);
  });

  it('over a Union, and over a definition and attribute: the same members, key, name and lookups', () => {
    for (const inv of [new Invalidate(new Union(members, 'type')), new Invalidate(members, 'type'), new Invalidate(members, (v: any) => v.type)]) {
      expect(inv.schema).toEqual(members);
      expect(inv.isSingleSchema).toBe(false);
      expect(inv.key).toBe('Union(users|groups)');
      expect(inv.name).toBe('Invalidate(User|Group)');
      expect(inv.inferSchema({ type: 'groups' }, undefined, undefined)).toBe(Group);
      expect(inv.inferSchema({ type: 'teams' }, undefined, undefined)).toBeUndefined();
      // stored values that name no known member read back as they are
      const entities = normalize([Group], [{ id: 1 }]).entities;
      expect(denormalize(inv, { id: '1', schema: 'groups' }, entities)).toBeInstanceOf(Group);
      expect(denormalize(inv, { id: '1', schema: 'teams' }, entities)).toEqual({ id: '1', schema: 'teams' });
      expect(denormalize(inv, '1', entities)).toBe('1');
    }
  });

  it('a bare pk for a discriminated Invalidate warns, keeps the input and invalidates nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const inv of [new Invalidate(new Union(members, 'type')), new Invalidate(members, 'type')]) {
      const stored = normalize([Group], [{ id: 1 }]);
      const s = normalize(inv, '1', [], stored);
      expect(s.result).toBe('1');
      expect(s.entities).toBe(stored.entities);
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]![0]).toMatch(/^Invalidate\(Union\(users\|groups\)\): no schema for discriminator undefined in "1"/);
    // an unknown discriminator value too
    normalize(new Invalidate(members, 'type'), { id: 1, type: 'teams' });
    expect(warn.mock.calls[2]![0]).toMatch(/no schema for discriminator "teams"/);
  });

  it('over a bad value still names itself by its key', () => {
    expect(() => new Invalidate(undefined as any)).toThrow(/Invalidate: needs an Entity or a Union/);
    expect(() => normalize(new Invalidate(members, 'type'), { type: 'groups' })).toThrow(/Invalidate\(Group\).*missing primary key/);
  });
});

describe("resource()'s delete", () => {
  it('over an Entity: an Invalidate (instanceof, key, name, lookups, reads) that needs no discriminator code', () => {
    const del = resource({ path: '/todos/:id', schema: Todo }).delete.schema;
    expect(del).toBeInstanceOf(Invalidate);
    // the Invalidate a Union needs is not this one: that class is not bundled by an app without a Union
    expect(Object.getPrototypeOf(del)).not.toBe(Invalidate.prototype);
    const direct = new Invalidate(Todo);
    expect([del.schema, del.isSingleSchema, del.key, del.name]).toEqual([direct.schema, direct.isSingleSchema, direct.key, direct.name]);
    expect(del.inferSchema({ id: 1 }, undefined, undefined)).toBe(Todo);
    expect(del.queryKey([{ id: 1 }], undefined as any)).toBeUndefined();
    for (const m of ['normalize', 'denormalize', 'queryKey'] as const) expect(del[m].length).toBe(direct[m].length);
    const stored = normalize([Todo], [{ id: 1 }, { id: 2 }]);
    for (const input of ['1', 1, { id: 1 }]) {
      const s = normalize(del, input, [], stored);
      expect(s.result).toBe('1');
      expect(s.entities.Todo!['1']).toBe(INVALID);
    }
    expect(denormalize(del, '2', stored.entities)).toBeInstanceOf(Todo);
    expect(() => normalize(del, {})).toThrow(/Invalidate\(Todo\).*missing primary key/);
    expect(() => normalize(del, '{"id":1}')).toThrow(/got a string that looks like JSON/);
  });

  it("over a Union: the Union's Invalidate, with its discriminator", () => {
    const del = resource({ path: '/items/:id', schema: new Union(members, 'type') }).delete.schema;
    expect(Object.getPrototypeOf(del)).toBe(Invalidate.prototype);
    expect([del.schema, del.isSingleSchema, del.key]).toEqual([members, false, 'Union(users|groups)']);
    const s = normalize(del, { id: 1, type: 'groups' }, [], normalize([Group], [{ id: 1 }]));
    expect(s.result).toEqual({ id: '1', schema: 'groups' });
    expect(s.entities.Group!['1']).toBe(INVALID);
  });
});

describe("Collection's [S] list", () => {
  const todoList = new Collection([Todo]);
  const explicit = new Collection(new schema.Array(Todo));

  it('is a schema.Array over its member, with what a schema.Array has', () => {
    const list = todoList.schema;
    expect(list).toBeInstanceOf(schema.Array);
    expect(list.schema).toBe(Todo);
    expect(list.isSingleSchema).toBe(true);
    expect(list.inferSchema({ id: 1 }, undefined, undefined)).toBe(Todo);
    expect(list.name).toBe('ArraySchema(Todo)');
    expect(list.name).toBe(explicit.schema.name);
    expect(list.queryKey([], undefined as any)).toBeUndefined();
    for (const m of ['normalize', 'denormalize', 'queryKey'] as const) expect(list[m].length).toBe(explicit.schema[m].length);
  });

  it('instanceof schema.Array: only the class itself counts the list; subclasses and other values as before', () => {
    class Feed extends schema.Array {}
    const feed = new Feed({ users: User }, 'type');
    expect(feed).toBeInstanceOf(Feed);
    expect(feed).toBeInstanceOf(schema.Array);
    expect(todoList.schema).not.toBeInstanceOf(Feed);
    expect(new schema.Array(Todo)).not.toBeInstanceOf(Feed);
    for (const other of [new Union(members, 'type'), new Values(Todo), todoList, [Todo], {}, null, undefined, 'x', 1]) {
      expect(other instanceof schema.Array).toBe(false);
    }
  });

  it('normalizes and reads like a schema.Array, and rejects what it rejects with the same message', () => {
    const a = normalize(todoList, [{ id: 1 }, { id: 2 }], [{}]);
    const b = normalize(explicit, [{ id: 1 }, { id: 2 }], [{}]);
    expect(a.entities).toEqual(b.entities);
    expect((denormalize(todoList, a.result, a.entities) as Todo[]).map((t) => t.id)).toEqual([1, 2]);
    expect(() => normalize(todoList.schema, 5)).toThrow(/expected an array, but the response is the number 5/);
    for (const todos of [todoList, explicit]) {
      class Owner extends Entity {
        id = 0;
        static override key = 'Owner';
        static override schema = { todos };
      }
      expect(() => normalize(Owner, { id: 1, todos: 5 })).toThrow(/ArraySchema\(Todo\) at field "todos": expected an array, got number/);
    }
  });

  it('is accepted by another Collection, and names tables as before over a Union or Values', () => {
    expect(new Collection(todoList.schema).key).toBe('[Todo]');
    expect(new Collection(todoList.schema).schema).toBe(todoList.schema);
    expect(new Collection([new Union(members, 'type')]).key).toBe('[users:User;groups:Group]');
    expect(new Collection(new Values(new Union(members, 'type'))).key).toBe('{users:User;groups:Group}');
    expect(new Collection(new Values(members, 'type')).key).toBe('{users:User;groups:Group}');
    expect(new Collection([[Todo]]).key).toBe('[[Todo]]');
  });

  it('a Collection over Invalidate members names its table by them, as over a Union', () => {
    expect(new Collection([new Invalidate(members, 'type')]).key).toBe('[users:User;groups:Group]');
    expect(new Collection([new Invalidate(Todo)]).key).toBe('[Todo]');
    const s = normalize(new Collection([new Invalidate(Todo)]), ['1'], [{}], normalize([Todo], [{ id: 1 }]));
    expect(s.entities.Todo!['1']).toBe(INVALID);
  });
});
