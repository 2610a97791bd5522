import { describe, expect, expectTypeOf, it } from 'vitest';
import { RestEndpoint } from '../../src';

// data-client: `sideEffect: true` with no method is a POST.
describe('RestEndpoint sideEffect without a method', () => {
  it('is a POST that takes a body, and stays one through extend()', () => {
    const create = new RestEndpoint({ path: '/articles', sideEffect: true }).extend({ name: 'createArticle' });
    expect(create.method).toBe('POST');
    expect(create.sideEffect).toBe(true);
    expect(create.key({ title: 'a' })).toBe('POST /articles');
    expectTypeOf(create.sideEffect).toEqualTypeOf<true>();
  });

  it('an explicit method wins; without sideEffect the default stays GET', () => {
    expect(new RestEndpoint({ path: '/a', method: 'PUT', sideEffect: true }).method).toBe('PUT');
    const get = new RestEndpoint({ path: '/a' });
    expect(get.method).toBe('GET');
    expect(get.sideEffect).toBeUndefined();
  });
});

describe('extend({ sideEffect: true })', () => {
  it('keeps a GET a GET (a forced refetch of the same URL)', () => {
    const get = new RestEndpoint({ path: '/articles/:id' });
    const forced = get.extend({ sideEffect: true });
    expect(forced.method).toBe('GET');
    expect(forced.sideEffect).toBe(true);
    expect(forced.key({ id: 1 })).toBe('GET /articles/1');
  });
});
