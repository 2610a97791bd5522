import { describe, expect, it } from 'vitest';
import { Collection, Entity, Union, Values, schema, unshift } from '../../src/schema';
import { MemoCache, denormalize, normalize, type NormalizedResult } from '../../src/normalize';
import { Todo, meta } from './fixtures';

const todoList = new Collection([Todo]);
const read = (store: NormalizedResult, args: unknown[]) =>
  (new MemoCache().query(todoList, args, store) as Todo[] | undefined)?.map((t) => t.id);

function seed() {
  let s = normalize(todoList, [{ id: 1, userId: 1 }, { id: 2, userId: 2 }], [{}], undefined, meta(1));
  s = normalize(todoList, [{ id: 1, userId: 1 }], [{ userId: 1 }], s, meta(1));
  s = normalize(todoList, [{ id: 2, userId: 2 }], [{ userId: 2 }], s, meta(1));
  return s;
}

describe('Collection', () => {
  it('names its table after its members as data-client does: [Todo], {Todo}; discriminated members by value', () => {
    class User extends Entity { id = ''; type = 'users'; static override key = 'User'; }
    class Group extends Entity { id = ''; type = 'groups'; static override key = 'Group'; }
    expect(todoList.key).toBe('[Todo]');
    expect(new Collection(new Values(Todo)).key).toBe('{Todo}');
    expect(new Collection(new schema.Array({ users: User, groups: Group }, 'type')).key).toBe('[users:User;groups:Group]');
    expect(new Collection([new Union({ users: User, groups: Group }, 'type')]).key).toBe('[users:User;groups:Group]');
    expect(new Collection([Todo], { key: 'Mine' }).key).toBe('Mine');
    // the table sits beside the entity tables, under that name
    const { entities } = normalize(todoList, [{ id: 1 }], [{ userId: 1 }]);
    expect(Object.keys(entities).sort()).toEqual(['Todo', '[Todo]']);
  });

  it('is stored like an entity: own key prefix, pk = serialized filter args', () => {
    const { result, entities } = normalize(todoList, [{ id: 1, userId: 1 }], [{ userId: 1 }]);
    expect(result).toBe('{"userId":"1"}');
    expect(entities[todoList.key]![result]).toEqual(['1']);
    expect((denormalize(todoList, result, entities) as Todo[])[0]).toBeInstanceOf(Todo);
    // numbers and strings name the same collection; key order does not matter
    expect(todoList.pk(undefined, undefined, '', [{ b: 2, a: '1' }])).toBe(todoList.pk(undefined, undefined, '', [{ a: 1, b: '2' }]));
    // a function arg (no primitive, no JSON) names no filter: dropped as undefined is
    expect(todoList.pk(undefined, undefined, '', [{ userId: 1, onDone: () => {} }])).toBe('{"userId":"1"}');
  });

  it('push adds a created item to every stored collection whose filter args match it', () => {
    const s = normalize(todoList.push, { id: 3, userId: 1, title: 'new' }, [{}, { userId: 1, title: 'new' }], seed(), meta(2));
    expect(read(s, [{}])).toEqual([1, 2, 3]);
    expect(read(s, [{ userId: 1 }])).toEqual([1, 3]);
    expect(read(s, [{ userId: 2 }])).toEqual([2]);
    expect((denormalize(todoList.push, s.result, s.entities) as Todo).title).toBe('new');
  });

  it('matches filter args given in the URL params too', () => {
    const s = normalize(todoList.push, { id: 3 }, [{ userId: 2 }, { title: 'x' }], seed(), meta(2));
    expect(read(s, [{ userId: 2 }])).toEqual([2, 3]);
    expect(read(s, [{ userId: 1 }])).toEqual([1]);
  });

  it('unshift adds at the start; an item already listed is not duplicated', () => {
    let s = normalize(todoList.unshift, { id: 3, userId: 1 }, [{}, {}], seed(), meta(2));
    expect(read(s, [{ userId: 1 }])).toEqual([3, 1]);
    s = normalize(todoList.push, [{ id: 3, userId: 1 }, { id: 4, userId: 1 }], [{}, {}], s, meta(3));
    expect(read(s, [{ userId: 1 }])).toEqual([3, 1, 4]);
  });

  it('nonFilterArgumentKeys: such args do not prevent membership', () => {
    const sorted = new Collection([Todo], { nonFilterArgumentKeys: ['orderBy'] });
    const regex = new Collection([Todo], { nonFilterArgumentKeys: /^order/, key: 'C2' });
    const fn = new Collection([Todo], { nonFilterArgumentKeys: (k) => k === 'orderBy', key: 'C3' });
    for (const c of [sorted, regex, fn]) {
      let s = normalize(c, [{ id: 1, userId: 1 }], [{ userId: 1, orderBy: 'title' }]);
      s = normalize(c.push, { id: 2, userId: 1 }, [{}, { userId: 1 }], s);
      expect((new MemoCache().query(c, [{ userId: 1, orderBy: 'title' }], s) as Todo[]).map((t) => t.id)).toEqual([1, 2]);
    }
    // without it, the extra arg is a filter the new item lacks
    let s = normalize(todoList, [{ id: 1, userId: 1 }], [{ userId: 1, orderBy: 'title' }]);
    s = normalize(todoList.push, { id: 2, userId: 1 }, [{}, { userId: 1 }], s);
    expect(read(s, [{ userId: 1, orderBy: 'title' }])).toEqual([1]);
  });

  it('a subclass can make push prepend', () => {
    class NewestFirst extends Collection<[typeof Todo]> {
      override get push() {
        return this.unshift;
      }
    }
    const c = new NewestFirst([Todo], { key: 'NewestFirst' });
    let s = normalize(c, [{ id: 1 }], [{}]);
    s = normalize(c.push, { id: 2 }, [{}, {}], s);
    expect((denormalize(c, '{}', s.entities) as Todo[]).map((t) => t.id)).toEqual([2, 1]);
  });

  it('a subclass can override nonFilterArgumentKeys', () => {
    class Loose extends Collection<[typeof Todo]> {
      override nonFilterArgumentKeys(key: string) {
        return key === 'status';
      }
    }
    const c = new Loose([Todo], { key: 'Loose' });
    let s = normalize(c, [], [{ status: 'open' }]);
    s = normalize(c.push, { id: 9 }, [{}, {}], s);
    expect(denormalize(c, c.pk(undefined, undefined, '', [{ status: 'open' }]), s.entities)).toHaveLength(1);
  });

  it('remove takes items out of matching collections and stores the response', () => {
    const s = normalize(todoList.remove, { id: 1, userId: 1, title: 'gone' }, [{ userId: 1 }], seed(), meta(2));
    expect(read(s, [{ userId: 1 }])).toEqual([]);
    expect(read(s, [{}])).toEqual([2]);
    expect(s.entities.Todo!['1'].title).toBe('gone');
  });

  it('move: out of collections matching the old values, into those matching the new', () => {
    const s = normalize(todoList.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], seed(), meta(2));
    expect(read(s, [{ userId: 1 }])).toEqual([]);
    expect(read(s, [{ userId: 2 }])).toEqual([2, 1]);
    expect(read(s, [{}])).toEqual([1, 2]);
    expect(s.entities.Todo!['1'].userId).toBe(2);
  });

  it('move with a createCollectionFilter that reads the member: the member is handed to it as for a push', () => {
    // A filter written for pushes, judging by the item's own field (a list change always passes one).
    const byItem = new Collection([Todo], {
      createCollectionFilter: () => (key: Record<string, string>, item?: { userId: number }) => key.userId === undefined || String(item!.userId) === key.userId,
    });
    let s = normalize(byItem, [{ id: 1, userId: 1 }], [{ userId: 1 }], undefined, meta(1));
    s = normalize(byItem, [{ id: 2, userId: 2 }], [{ userId: 2 }], s, meta(1));
    s = normalize(byItem.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], s, meta(2));
    const ids = (args: unknown[]) => (new MemoCache().query(byItem, args, s) as Todo[] | undefined)?.map((t) => t.id);
    expect(ids([{ userId: 1 }])).toEqual([]);
    expect(ids([{ userId: 2 }])).toEqual([2, 1]);
  });

  it('moveWith: moved items can be prepended', () => {
    class Front extends Collection<[typeof Todo]> {
      override get move() {
        return this.moveWith((existing: string[], incoming: string[]) => [...incoming, ...existing]);
      }
    }
    const c = new Front([Todo], { key: 'Front' });
    let s = normalize(c, [{ id: 1, userId: 1 }], [{ userId: 1 }]);
    s = normalize(c, [{ id: 2, userId: 2 }], [{ userId: 2 }], s);
    s = normalize(c.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], s);
    expect((denormalize(c, '{"userId":"2"}', s.entities) as Todo[]).map((t) => t.id)).toEqual([1, 2]);
  });

  it('a subclass overriding moveWith changes the default move; a getter reading super.push keeps running', () => {
    class FrontMoves extends Collection<[typeof Todo]> {
      override moveWith() {
        return super.moveWith(unshift);
      }
    }
    const c = new FrontMoves([Todo], { key: 'FrontMoves' });
    let s = normalize(c, [{ id: 1, userId: 1 }], [{ userId: 1 }]);
    s = normalize(c, [{ id: 2, userId: 2 }], [{ userId: 2 }], s);
    s = normalize(c.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], s);
    expect((denormalize(c, '{"userId":"2"}', s.entities) as Todo[]).map((t) => t.id)).toEqual([1, 2]);

    let pinned = false;
    class Pinning extends Collection<[typeof Todo]> {
      override get push() {
        return pinned ? super.unshift : super.push;
      }
    }
    const p = new Pinning([Todo], { key: 'Pinning' });
    expect(p.push).toBe(p.push);
    pinned = true;
    expect(p.push).toBe(p.unshift);
  });

  it('move of an array with a prepending merge: the moved members join in their order', () => {
    const front = new Collection([Todo], { key: 'FrontMany' });
    front.move = front.moveWith(unshift);
    let s = normalize(front, [{ id: 1, userId: 1 }, { id: 3, userId: 1 }], [{ userId: 1 }]);
    s = normalize(front, [{ id: 2, userId: 2 }], [{ userId: 2 }], s);
    s = normalize(front.move, [{ id: 1, userId: 2 }, { id: 3, userId: 2 }], [{}, {}], s, meta(2));
    const ids = (userId: number) => (denormalize(front, front.pk(undefined, undefined, '', [{ userId }]), s.entities) as Todo[]).map((t) => t.id);
    expect(ids(2)).toEqual([1, 3, 2]);
    expect(ids(1)).toEqual([]);
  });

  it('move of an array: each item leaves and joins collections by its own fields', () => {
    let s = normalize(todoList, [{ id: 1, userId: 1 }, { id: 3, userId: 1 }], [{ userId: 1 }]);
    s = normalize(todoList, [{ id: 2, userId: 2 }], [{ userId: 2 }], s);
    s = normalize(todoList, [{ id: 4, userId: 4 }], [{ userId: 4 }], s);
    s = normalize(todoList.move, [{ id: 1, userId: 2 }, { id: 3, userId: 4 }], [{ id: 1 }, { userId: 2 }], s, meta(2));
    expect(read(s, [{ userId: 1 }])).toEqual([]);
    expect(read(s, [{ userId: 2 }])).toEqual([2, 1]);
    expect(read(s, [{ userId: 4 }])).toEqual([4, 3]);
    expect(s.result).toEqual(['1', '3']);
  });

  it('move in a Values collection: the member moves under its pk; moveWith chooses the merge', () => {
    const byUser = new Collection(new Values(Todo), { key: 'TodoMap' });
    const keys = (st: NormalizedResult, userId: number) =>
      Object.keys(denormalize(byUser, byUser.pk(undefined, undefined, '', [{ userId }]), st.entities) as object).sort();
    let s = normalize(byUser, { a: { id: 1, userId: 1 }, b: { id: 5, userId: 1 } }, [{ userId: 1 }]);
    s = normalize(byUser, { c: { id: 2, userId: 2 } }, [{ userId: 2 }], s);
    s = normalize(byUser.move, { id: 1, userId: 2, title: 'moved' }, [{ id: 1 }, { userId: 2 }], s, meta(2));
    expect(keys(s, 1)).toEqual(['b']);
    expect(keys(s, 2)).toEqual(['1', 'c']);
    expect(s.entities.Todo!['1'].title).toBe('moved');
    // staying in the same collection changes nothing there
    const again = normalize(byUser.move, { id: 2, userId: 2, title: 'renamed' }, [{ id: 2 }, { userId: 2 }], s, meta(3));
    expect(keys(again, 2)).toEqual(['1', 'c']);
    // moveWith's merge adds the moved member
    const merged: unknown[] = [];
    const custom = new Collection(new Values(Todo), { key: 'TodoMapCustom' });
    custom.move = custom.moveWith((existing: object, incoming: object) => {
      merged.push(incoming);
      return { ...existing, ...incoming };
    });
    let f = normalize(custom, { a: { id: 1, userId: 1 } }, [{ userId: 1 }]);
    f = normalize(custom, { c: { id: 2, userId: 2 } }, [{ userId: 2 }], f);
    f = normalize(custom.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], f);
    expect(merged).toEqual([{ 1: '1' }]);
    expect(Object.keys(denormalize(custom, custom.pk(undefined, undefined, '', [{ userId: 1 }]), f.entities) as object)).toEqual([]);
  });

  it('addWith appends a page without duplicates, to collections chosen by the filter', () => {
    const nextPage = todoList.addWith(
      (existing: string[], incoming: string[]) => [...existing, ...incoming.filter((i) => !existing.includes(i))],
      (params: any) => (key) => key.userId === String(params.userId),
    );
    let s = normalize(todoList, [{ id: 1, userId: 1 }], [{ userId: 1 }]);
    s = normalize(nextPage, [{ id: 1, userId: 1 }, { id: 5, userId: 1 }], [{ userId: 1, cursor: 2 }], s);
    expect(read(s, [{ userId: 1 }])).toEqual([1, 5]);
    expect((denormalize(nextPage, s.result, s.entities) as Todo[]).map((t) => t.id)).toEqual([1, 5]);
  });

  it('Values collections: assign merges entries', () => {
    const byId = new Collection(new Values(Todo));
    let s = normalize(byId, { a: { id: 1 } }, [{}]);
    s = normalize(byId.assign, { b: { id: 2 } }, [{}, {}], s);
    const data = denormalize(byId, '{}', s.entities) as Record<string, Todo>;
    expect(Object.keys(data)).toEqual(['a', 'b']);
    expect(data.b).toBeInstanceOf(Todo);
  });

  it('nestKey: a collection nested in an entity, keyed by its parent', () => {
    class Owner extends Entity {
      id = 0;
      todos: Todo[] = [];
      static override key = 'Owner';
      static override schema = {
        todos: new Collection([Todo], { nestKey: (parent: any) => ({ userId: parent.id }) }),
      };
    }
    let s = normalize(Owner, { id: 1, todos: [{ id: 1, userId: 1 }] });
    expect(s.entities.Owner!['1'].todos).toBe('{"userId":"1"}');
    // a created todo of user 1 lands in the nested list too
    s = normalize(Owner.schema.todos.push, { id: 2, userId: 1 }, [{}, { userId: 1 }], s);
    expect((denormalize(Owner, '1', s.entities) as Owner).todos.map((t) => t.id)).toEqual([1, 2]);
  });

  it('a list fetched before the stored one never replaces it', () => {
    const later = normalize(todoList, [{ id: 2 }], [{}], undefined, meta(10));
    const earlier = normalize(todoList, [{ id: 1 }], [{}], later, meta(5));
    expect(earlier.entities[todoList.key]!['{}']).toEqual(['2']);
  });

  it('a list fetched before the stored one never replaces it, whatever its merge', () => {
    class Appending extends Collection<[typeof Todo]> {
      override merge(existing: string[], incoming: string[]) {
        return [...existing, ...incoming];
      }
    }
    const pages = new Appending([Todo]);
    const later = normalize(pages, [{ id: 2 }], [{}], undefined, meta(10));
    const earlier = normalize(pages, [{ id: 1 }], [{}], later, meta(5));
    expect(earlier.entities[pages.key]!['{}']).toEqual(['2']);
    // fetched after it: merged
    const next = normalize(pages, [{ id: 3 }], [{}], later, meta(20));
    expect(next.entities[pages.key]!['{}']).toEqual(['2', '3']);
  });

  it('lists skip members that were deleted', async () => {
    const { Invalidate } = await import('../../src/schema');
    let s = seed();
    s = normalize(new Invalidate(Todo), '1', [], s);
    expect(read(s, [{}])).toEqual([2]);
  });

  it('queryKey is undefined for args with no stored collection', () => {
    expect(new MemoCache().query(todoList, [{ userId: 3 }], seed())).toBeUndefined();
  });

  describe('one list read through a nested and a top-level Collection', () => {
    // The same table: a user's todos, reachable from the user and from GET /todos?owner=
    const byOwner = new Collection([Todo], {
      argsKey: ({ owner }: { owner: number }) => ({ owner }),
      nestKey: (parent: { id: number }) => ({ owner: parent.id }),
    });
    class Owner extends Entity {
      id = 0;
      todos: Todo[] = [];
      static override key = 'Owner';
      static override schema = { todos: byOwner };
    }
    // a second instance of the same table, as a list endpoint declared apart would make
    const listOfOwner = new Collection([Todo], { argsKey: ({ owner }: { owner: number }) => ({ owner }) });

    it('a top-level fetch keys the list by its args even when the Collection has a nestKey', () => {
      const nested = normalize(Owner, { id: 7, todos: [{ id: 1 }] });
      expect(nested.entities.Owner!['7'].todos).toBe('{"owner":"7"}');
      const top = normalize(byOwner, [{ id: 2 }], [{ owner: 7 }], nested);
      expect(top.result).toBe('{"owner":"7"}');
      expect(top.entities[byOwner.key]!['{"owner":"7"}']).toEqual(['2']);
      // and it is found by its args alone
      expect((new MemoCache().query(byOwner, [{ owner: 7 }], top) as Todo[]).map((t) => t.id)).toEqual([2]);
    });

    it('gives the same array to both readers, before and after a push', () => {
      const memo = new MemoCache();
      let s = normalize(Owner, { id: 7, todos: [{ id: 1 }] });
      const fromOwner = () => (memo.denormalize(Owner, '7', s.entities).data as Owner).todos;
      const fromList = () => memo.denormalize(listOfOwner, '{"owner":"7"}', s.entities, [{ owner: 7 }]).data;
      expect(fromList()).toBe(fromOwner());
      s = normalize(listOfOwner.push, { id: 3, owner: 7 }, [{ owner: 7 }], s);
      const list = fromList() as Todo[];
      expect(list.map((t) => t.id)).toEqual([1, 3]);
      expect(fromOwner()).toBe(list);
    });

    it('polymorphic Collections with other discriminator values keep their own tables', () => {
      class User extends Entity { id = 0; static override key = 'User'; }
      class Group extends Entity { id = 0; static override key = 'Group'; }
      const byType = new Collection(new schema.Array({ users: User, groups: Group }, 'type'));
      const byKind = new Collection(new schema.Array({ user: User, group: Group }, 'kind'));
      const a = normalize(byType, [{ id: 1, type: 'users' }], [{}]);
      const b = normalize(byKind, [{ id: 2, kind: 'user' }], [{}], a);
      const list = denormalize(byType, a.result, b.entities) as User[];
      expect(list.map((u) => [u instanceof User, u.id])).toEqual([[true, 1]]);
      expect((denormalize(byKind, b.result, b.entities) as User[]).map((u) => u.id)).toEqual([2]);
    });

    it('polymorphic Collections declared apart over the same members give the same array', () => {
      class User extends Entity { id = 0; type = 'users'; static override key = 'User'; }
      class Group extends Entity { id = 0; type = 'groups'; static override key = 'Group'; }
      const members = () => new schema.Array({ users: User, groups: Group }, 'type');
      const byOwner = new Collection(members(), { argsKey: ({ owner }: { owner: number }) => ({ owner }), nestKey: (p: { id: number }) => ({ owner: p.id }) });
      class Team extends Entity { id = 0; members: unknown[] = []; static override key = 'Team'; static override schema = { members: byOwner }; }
      const listOfTeam = new Collection(members(), { argsKey: ({ owner }: { owner: number }) => ({ owner }) });
      const memo = new MemoCache();
      const s = normalize(Team, { id: 7, members: [{ id: 1, type: 'users' }] });
      const fromTeam = (memo.denormalize(Team, '7', s.entities).data as Team).members;
      expect(fromTeam).toHaveLength(1);
      expect(memo.denormalize(listOfTeam, '{"owner":"7"}', s.entities, [{ owner: 7 }]).data).toBe(fromTeam);
    });

    it('a Collection over another class of the same table reads its own class, not the other one\'s list', () => {
      class TodoDetail extends Todo {
        get summary() {
          return `${this.id}: ${this.title}`;
        }
      }
      const plain = new Collection([Todo]);
      const detailed = new Collection([TodoDetail]);
      expect(detailed.key).toBe(plain.key);
      const memo = new MemoCache();
      const s = normalize(plain, [{ id: 1, title: 'a' }], [{}]);
      const first = memo.denormalize(plain, '{}', s.entities, [{}]).data as Todo[];
      const second = memo.denormalize(detailed, '{}', s.entities, [{}]).data as TodoDetail[];
      expect(first[0]).not.toBeInstanceOf(TodoDetail);
      expect(second[0]).toBeInstanceOf(TodoDetail);
      expect(second[0]!.summary).toBe('1: a');
    });
  });
});
