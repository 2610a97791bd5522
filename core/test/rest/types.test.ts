import { describe, expectTypeOf, it } from 'vitest';
import { RestEndpoint, type PathArgs } from '../../src/rest';
import type { EndpointLike } from '../../src/state/EndpointLike';
import { Entity, Invalidate } from '../../src/schema';

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}

describe('path parameter types', () => {
  it('reads params, optional groups, wildcards, quoted names and escapes', () => {
    expectTypeOf<PathArgs<'/users/:id'>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<PathArgs<'/users/:id{/posts/:postId}'>>().toEqualTypeOf<{
      id: string | number;
      postId?: string | number;
    }>();
    expectTypeOf<PathArgs<'/files/*path'>>().toEqualTypeOf<{ path: string[] }>();
    expectTypeOf<PathArgs<'/files{/*path}'>>().toEqualTypeOf<{ path?: string[] }>();
    expectTypeOf<PathArgs<'/items/:"item-id".json'>>().toEqualTypeOf<{ 'item-id': string | number }>();
    expectTypeOf<PathArgs<'http\\://x/\\:literal/:id'>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<PathArgs<'/search?{q=:q}{&page=:page}'>>().toEqualTypeOf<{
      q?: string | number;
      page?: string | number;
    }>();
    expectTypeOf<PathArgs<'/a+b/:id'>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<PathArgs<'/users'>>().toEqualTypeOf<{}>();
  });
});

describe('RestEndpoint call types', () => {
  it('infers params, body and result', () => {
    const get = new RestEndpoint({ path: '/users/:id' });
    expectTypeOf(get).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    // @ts-expect-error id is required
    void (() => get({}));
    // @ts-expect-error no body on GET
    void (() => get({ id: 1 }, { name: 'x' }));

    const list = new RestEndpoint({ path: '/users' });
    expectTypeOf(list).parameters.toEqualTypeOf<[]>();

    const create = new RestEndpoint({
      path: '/users',
      method: 'POST',
      body: {} as { name: string },
      process(value: unknown): { id: number; name: string } {
        return value as { id: number; name: string };
      },
    });
    expectTypeOf(create).parameters.toEqualTypeOf<[body: { name: string }]>();
    expectTypeOf(create).returns.resolves.toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf(create.sideEffect).toEqualTypeOf<true>();
    expectTypeOf(get.sideEffect).toEqualTypeOf<undefined>();
    // @ts-expect-error body has the wrong shape
    void (() => create({ nope: 1 }));

    const update = new RestEndpoint({ path: '/users/:id', method: 'PUT' });
    expectTypeOf(update).parameters.toEqualTypeOf<[params: { id: string | number }, body: any]>();

    const noBody = new RestEndpoint({ path: '/users/:id', method: 'POST', body: undefined });
    expectTypeOf(noBody).parameters.toEqualTypeOf<[params: { id: string | number }]>();

    const search = new RestEndpoint({ path: '/users', searchParams: {} as { sort?: 'asc' | 'desc' } });
    expectTypeOf(search).parameters.toEqualTypeOf<[params?: { sort?: 'asc' | 'desc' }]>();

    const text = new RestEndpoint({ path: '/readme', content: 'text' });
    expectTypeOf(text).returns.resolves.toEqualTypeOf<string>();
  });

  it('keeps inference through extend and adds extra members', () => {
    const get = new RestEndpoint({ path: '/users/:id' });
    const post = get.extend({ path: '/groups/:group/users', method: 'POST', accessToken: 'abc' });
    // The method only changes arguments in the constructor.
    expectTypeOf(post).parameters.toEqualTypeOf<[params: { group: string | number }]>();
    expectTypeOf(post.accessToken).toEqualTypeOf<'abc'>();
    expectTypeOf(post.sideEffect).toEqualTypeOf<true>();
    const withBody = get.extend({ body: {} as { a: number } });
    expectTypeOf(withBody).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { a: number }]
    >();
  });
});

describe('schema result types', () => {
  it('the schema decides the result type', () => {
    const get = new RestEndpoint({ path: '/users/:id', schema: User });
    expectTypeOf(get).returns.resolves.toEqualTypeOf<User>();
    const list = new RestEndpoint({ path: '/users', schema: [User] });
    expectTypeOf(list).returns.resolves.toEqualTypeOf<User[]>();
    const wrapped = new RestEndpoint({ path: '/users', schema: { results: [User] } });
    expectTypeOf(wrapped).returns.resolves.toEqualTypeOf<{ results: User[] }>();
    const del = new RestEndpoint({ path: '/users/:id', method: 'DELETE', schema: new Invalidate(User) });
    expectTypeOf(del).returns.resolves.toEqualTypeOf<User>();
  });
});

describe('contract with the store', () => {
  it('a RestEndpoint is an EndpointLike for the controller', () => {
    const get = new RestEndpoint({ path: '/users/:id', schema: {} as object });
    const post = new RestEndpoint({ path: '/users', method: 'POST' });
    expectTypeOf(get).toExtend<EndpointLike>();
    expectTypeOf(post).toExtend<EndpointLike>();
  });
});
