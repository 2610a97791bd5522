import { describe, expect, it } from 'vitest';
import { Collection, Entity, RestEndpoint, type RestGenerics } from '../../src';

// Whether a call's last argument is its body: decided by the constructor from the
// method, kept by extend() unless it sets `body`, always true for collection mutations.
// `key()` shows it: params are the first argument only when a body follows.
class Item extends Entity {
  id = 0;
  static override key = 'BodyItem';
}

describe('the body argument', () => {
  it('a copy keeps the original decision, whatever its method', () => {
    const get = new RestEndpoint({ path: '/items/:id' });
    const asPost = get.extend({ method: 'POST' });
    expect(asPost.method).toBe('POST');
    expect(asPost.key({ id: 1 } as never)).toBe('POST /items/1');
    const post = new RestEndpoint({ path: '/items/:id', method: 'POST' });
    expect(post.extend({ method: 'GET' }).key({ id: 1 } as never, { x: 1 } as never)).toBe('GET /items/1');
    expect(post.extend({ name: 'renamed' }).key({ id: 2 }, {} as never)).toBe('POST /items/2');
  });

  it('`body` in the options of extend() decides it, either way', () => {
    const post = new RestEndpoint({ path: '/items/:id', method: 'POST' });
    const noBody = post.extend({ body: undefined });
    expect(noBody.key({ id: 3 } as never)).toBe('POST /items/3');
    expect(noBody.extend({ name: 'again' }).key({ id: 3 } as never)).toBe('POST /items/3');
    const removed = new RestEndpoint({ path: '/items/:id', method: 'POST', body: undefined });
    expect(removed.extend({ name: 'kept' }).key({ id: 4 } as never)).toBe('POST /items/4');
    const get = new RestEndpoint({ path: '/items/:id' });
    expect(get.extend({ body: {} }).key({ id: 5 } as never, {} as never)).toBe('GET /items/5');
  });

  it('a new endpoint from a spread decides anew from its own method', () => {
    // One argument: with a body it is the body (params default to {}), without one the params.
    const del = new RestEndpoint({ path: '/items', method: 'DELETE' });
    const post = new RestEndpoint({ ...del, method: 'POST' });
    expect(post.key({ id: 1 } as never)).toBe('POST /items');
    const made = new RestEndpoint({ path: '/items', method: 'POST' });
    const asDelete = new RestEndpoint({ ...made, method: 'DELETE' });
    expect((asDelete.key as (...args: unknown[]) => string)({ id: 2 })).toBe('DELETE /items?id=2');
  });

  it('collection mutations take one, and their copies keep it', () => {
    const list = new RestEndpoint({ path: '/items', schema: new Collection([Item]) });
    expect(list.push.method).toBe('POST');
    expect(list.push.key({ id: 1 } as never)).toBe('POST /items');
    expect(list.push.extend({ name: 'p' }).key({ id: 1 } as never)).toBe('POST /items');
    expect(list.remove.method).toBe('PATCH');
    expect(list.remove.key({ id: 1 } as never)).toBe('PATCH /items');
  });

  it('sideEffect: true infers POST when constructing, also inside a subclass constructor', () => {
    let inner: { method: string } | undefined;
    class Outer<const O extends RestGenerics = any> extends RestEndpoint<O> {
      constructor(options: O) {
        super(options as never);
        inner ??= new RestEndpoint({ path: '/inner', sideEffect: true });
      }
    }
    const outer = new Outer({ path: '/outer' });
    expect(inner!.method).toBe('POST');
    inner = undefined;
    outer.extend({ name: 'copy' });
    expect(inner!.method).toBe('POST');
  });
});
