import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { Entity, Invalidate, Union, createClient, normalize, resource } from '../../src';
import { startApi, Todo } from '../resource/api';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await fetch(`${api.url}/reset`, { method: 'POST' });
});
const titles = (value: unknown) => (value as Todo[]).map((t) => t.title);

describe('resource() members data-client apps use', () => {
  it('create is getList.push: POSTs and adds to matching lists', async () => {
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo });
    expect(TodoResource.create).toBe(TodoResource.getList.push);
    expectTypeOf(TodoResource.create).toEqualTypeOf(TodoResource.getList.push);
    const client = createClient();
    await client.controller.fetch(TodoResource.getList, { userId: 2 });
    const created = await client.controller.fetch(TodoResource.create, { userId: 2 }, { title: 'made' });
    expect(created).toBeInstanceOf(Todo);
    const list = client.controller.getResponse(TodoResource.getList, { userId: 2 }, client.getSnapshot()).data;
    expect(titles(list)).toEqual(['c', 'made']);
  });

  it('extend({ member: options }) and extend(member, options) change that member; create follows getList', async () => {
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo });
    const v2 = TodoResource.extend({ getList: { dataExpiryLength: 5 }, update: { name: 'renamed' } });
    expect(v2.getList.dataExpiryLength).toBe(5);
    expect(v2.update.name).toBe('renamed');
    expect(v2.create).toBe(v2.getList.push);
    expect(v2.create).not.toBe(TodoResource.create);
    const byName = TodoResource.extend('get', { dataExpiryLength: 7 });
    expect(byName.get.dataExpiryLength).toBe(7);
    expect(byName.get.path).toBe('/todos/:id');
    expect((await byName.get({ id: 1 })).title).toBe('a');
  });

  it('a create set explicitly stays through later extends; the alias follows getList again only when not set', () => {
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo });
    const own = TodoResource.extend('create', { name: 'Todo.make' });
    expect(own.create.name).toBe('Todo.make');
    expect(own.create).not.toBe(own.getList.push);
    const later = own.extend({ getList: { dataExpiryLength: 5 } });
    expect(later.create).toBe(own.create);
    expect(later.getList.push).not.toBe(own.getList.push);
    const fresh = TodoResource.extend((base) => ({ getList: base.getList.extend({ dataExpiryLength: 9 }) }));
    expect(fresh.create).toBe(fresh.getList.push);
  });
});

describe('what controller.fetch resolves with for a delete', () => {
  it('the deleted entity as an instance of its class; undefined when the server answers a bare id', async () => {
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo });
    const client = createClient();
    await client.controller.fetch(TodoResource.getList);
    const answersEntity = TodoResource.delete.extend({ fetch: () => Promise.resolve({ id: 1, userId: 1, title: 'gone' }) });
    const deleted = await client.controller.fetch(answersEntity, { id: 1 });
    expect(deleted).toBeInstanceOf(Todo);
    expect(deleted.title).toBe('gone');
    const answersId = TodoResource.delete.extend({ fetch: () => Promise.resolve(2) });
    expect(await client.controller.fetch(answersId, { id: 2 })).toBeUndefined();
    const list = client.controller.getResponse(TodoResource.getList, client.getSnapshot()).data;
    expect(titles(list)).not.toContain('a');
  });
});

describe('Invalidate and delete over a Union', () => {
  class User extends Entity {
    id = 0;
    type = 'users';
    static override key = 'User';
  }
  class Group extends Entity {
    id = 0;
    type = 'groups';
    static override key = 'Group';
  }
  const item = new Union({ users: User, groups: Group }, 'type');

  it('resource delete invalidates the member kind the response names', async () => {
    const ItemResource = resource({ urlPrefix: api.url, path: '/items/:id', schema: item });
    const client = createClient();
    await client.controller.fetch(ItemResource.getList);
    await client.controller.fetch(ItemResource.delete, { id: 1, type: 'groups' } as never);
    const list = client.controller.getResponse(ItemResource.getList, client.getSnapshot()).data as (User | Group)[];
    expect(list.map((x) => x.constructor)).toEqual([User]);
  });

  it('new Invalidate(definition, attribute) works like Invalidate(Union)', () => {
    const inv = new Invalidate({ users: User, groups: Group }, 'type');
    const state = normalize([item], [{ id: 1, type: 'users' }, { id: 1, type: 'groups' }]);
    const out = normalize(inv, { id: 1, type: 'users' }, [], state);
    expect(out.result).toEqual({ id: '1', schema: 'users' });
    expect(typeof out.entities.User!['1']).toBe('symbol');
    expect(out.entities.Group!['1']).toEqual({ id: 1, type: 'groups' });
  });

  it('a value without the discriminator warns and invalidates nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = normalize([item], [{ id: 1, type: 'users' }]);
    const out = normalize(new Invalidate(item), { id: 1 }, [], state);
    expect(out.entities).toEqual(state.entities);
    expect(warn.mock.calls[0]![0]).toMatch(/Invalidate\(Union\(users\|groups\)\): no schema for discriminator/);
    warn.mockRestore();
  });
});
