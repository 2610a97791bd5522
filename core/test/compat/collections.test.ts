import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Collection, Entity, ExpiryStatus, RestEndpoint, createClient, resource, unshift, type CollectionOptions } from '../../src';
import { startApi, Todo } from '../resource/api';

// Behaviour data-client apps rely on: bound controller methods, Collection
// subclasses, extenders on any endpoint.

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await fetch(`${api.url}/reset`, { method: 'POST' });
});
const titles = (value: unknown) => (value as Todo[]).map((t) => t.title);

describe('Controller methods are bound', () => {
  it('works destructured: fetch, setResponse, invalidate, getResponse', async () => {
    const client = createClient();
    const getTodo = new RestEndpoint({ urlPrefix: api.url, path: '/todos/:id', schema: Todo });
    const { fetch, setResponse, invalidate, getResponse, fetchIfStale, resetEntireStore } = client.controller;
    const todo = await fetch(getTodo, { id: 1 });
    expect(todo.title).toBe('a');
    await setResponse(getTodo, { id: 1 }, { id: 1, title: 'pushed' });
    expect(getResponse(getTodo, { id: 1 }, client.getSnapshot()).data?.title).toBe('pushed');
    await invalidate(getTodo, { id: 1 });
    expect(getResponse(getTodo, { id: 1 }, client.getSnapshot()).expiryStatus).toBe(ExpiryStatus.Invalid);
    expect((await fetchIfStale(getTodo, { id: 1 })).title).toBe('a');
    await resetEntireStore();
    expect(client.getSnapshot().entities).toEqual({});
  });

  it('binds methods a subclass adds too', () => {
    class MyController extends (createClient().controller.constructor as typeof import('../../src').Controller) {
      hello() {
        return this instanceof MyController;
      }
    }
    const { hello } = new MyController();
    expect(hello()).toBe(true);
  });

  it('binds no getter (none is called while binding)', () => {
    let reads = 0;
    class Counting extends (createClient().controller.constructor as typeof import('../../src').Controller) {
      get counted() {
        return ++reads;
      }
    }
    const controller = new Counting();
    expect(reads).toBe(0);
    expect(controller.counted).toBe(1);
  });
});

describe('Collection subclasses', () => {
  class NewestFirst<S extends any[]> extends Collection<S> {
    constructor(schema: S, options?: CollectionOptions) {
      super(schema, options);
      this.push = this.addWith(unshift);
      this.move = this.moveWith(unshift);
    }
  }

  it('members assigned in the constructor are used by resource() and the extenders', async () => {
    const TodoResource = resource({ urlPrefix: api.url, path: '/todos/:id', schema: Todo, Collection: NewestFirst });
    const client = createClient();
    await client.controller.fetch(TodoResource.getList, { userId: 1 });
    await client.controller.fetch(TodoResource.getList.push, { userId: 1, title: 'new' });
    const list = client.controller.getResponse(TodoResource.getList, { userId: 1 }, client.getSnapshot()).data;
    expect(titles(list)).toEqual(['new', 'a', 'b', 'd', 'e']);
    // moved into the userId 2 list: at its start
    await client.controller.fetch(TodoResource.getList, { userId: 2 });
    await client.controller.fetch(TodoResource.getList.move, { id: 5 }, { userId: 2 });
    const two = client.controller.getResponse(TodoResource.getList, { userId: 2 }, client.getSnapshot()).data;
    expect(titles(two)).toEqual(['e', 'c']);
  });

  it('unshift is the exported prepend merge', () => {
    expect(unshift(['1'], ['2'])).toEqual(['2', '1']);
    expectTypeOf(unshift).toBeFunction();
  });
});

describe('Collection extenders on an endpoint with no Collection', () => {
  class Article extends Entity {
    id = 0;
    title = '';
    static override key = 'Article';
  }

  it('push, remove, move and paginated give endpoints with no schema that still send the request', async () => {
    const list = new RestEndpoint({ urlPrefix: api.url, path: '/todos', schema: [Todo] });
    expect(list.push.schema).toBeUndefined();
    expect(list.push.method).toBe('POST');
    expect(list.remove.schema).toBeUndefined();
    expect(list.move.schema).toBeUndefined();
    const created = await list.push({ title: 'plain' });
    expect(created).toMatchObject({ title: 'plain' });
    const client = createClient();
    // resolves with the raw response: nothing to normalize
    expect(await client.controller.fetch(list.push, { title: 'again' })).toMatchObject({ title: 'again' });
    const pages = list.paginated('page');
    expect(pages.schema).toBeUndefined();
    expect(await pages({ page: 1 })).toHaveLength(2);
    expectTypeOf(list.push.schema).toEqualTypeOf<undefined>();
    void Article;
  });

  it('paginated on a path with params takes them from the call', async () => {
    const comments = new RestEndpoint({
      urlPrefix: api.url,
      path: '/users/:userId/todos',
      searchParams: {} as { cursor?: number },
      schema: new Collection([Todo]),
    });
    const next = comments.paginated('cursor');
    expect(next.url({ userId: 3, cursor: 2 })).toBe(`${api.url}/users/3/todos?cursor=2`);
    expect(next.key({ userId: 3, cursor: 2 })).toBe(`GET ${api.url}/users/3/todos?cursor=2`);
    // a page joins the list of the same params, not another user's
    const client = createClient();
    await client.controller.setResponse(comments, { userId: 3 }, [{ id: 1, title: 'a' }]);
    await client.controller.setResponse(comments, { userId: 4 }, [{ id: 9, title: 'z' }]);
    await client.controller.setResponse(next, { userId: 3, cursor: 2 }, [{ id: 2, title: 'b' }]);
    const read = (userId: number) => titles(client.controller.getResponse(comments, { userId }, client.getSnapshot()).data);
    expect(read(3)).toEqual(['a', 'b']);
    expect(read(4)).toEqual(['z']);
    const byFn = comments.paginated(({ cursor: _c, ...rest }: { userId: number; cursor: number }) => [rest]);
    expect(byFn.url({ userId: 3, cursor: 4 })).toBe(`${api.url}/users/3/todos?cursor=4`);
  });
});
