import { describe, expect, it } from 'vitest';
import { Collection, Entity, SchemaError, Values } from '../../src/schema';
import { MemoCache, normalize } from '../../src/normalize';
import { createMockClient } from '../../src/mock';
import { RestEndpoint } from '../../src/rest';

class Tag extends Entity {
  id = 0;
  label = '';
  static override key = 'Tag';
}

describe('normalize() of null or undefined input', () => {
  it.each([
    ['an Entity', Tag, 'Tag'],
    ['an object schema', { tag: Tag }, '{tag}'],
    ['a list', [Tag], '[Tag]'],
    ['a Collection', new Collection([Tag]), '[Tag]'],
    ['Values', new Values(Tag), 'Values'],
  ])('throws a SchemaError naming %s, and says which it got', (_what, schema, name) => {
    for (const input of [null, undefined]) {
      let error: unknown;
      try {
        normalize(schema, input);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).status).toBe(400);
      expect((error as SchemaError).schema).toContain(name);
      expect((error as Error).message).toContain(String(input));
    }
  });

  it('without a schema, passes the input through', () => {
    expect(normalize(undefined, null).result).toBeNull();
    expect(normalize(null, undefined).result).toBeUndefined();
  });

  it('MemoCache without a schema reads back the very input it is given', () => {
    const memo = new MemoCache();
    // Equal as JSON, yet different values: each read gives back its own.
    const a = new Map([[1, 'a']]);
    const b = new Map([[2, 'b']]);
    expect(memo.denormalize(undefined, a, {}).data).toBe(a);
    expect(memo.denormalize(undefined, b, {}).data).toBe(b);
    const c = { n: 1 };
    const d = { n: 1 };
    expect(memo.denormalize(null, c, {}).data).toBe(c);
    expect(memo.denormalize(null, d, {}).data).toBe(d);
  });

  it('a nullable endpoint still stores and reads back null', async () => {
    const maybe = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/tags/:id', schema: Tag, nullable: true });
    const client = createMockClient([{ endpoint: maybe, args: [{ id: 1 }], response: null }]);
    await expect(client.controller.fetch(maybe, { id: 1 })).resolves.toBeNull();
    expect(client.controller.getResponse(maybe, { id: 1 }, client.controller.getState()).data).toBeNull();
    client.destroy();
  });
});

describe('SchemaError as logs and JSON show it', () => {
  it('carries status, schema, field and name, in that order', () => {
    let error: unknown;
    try {
      normalize(Tag, [{ id: 1 }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect(Object.keys(error as object)).toEqual(['status', 'schema', 'field', 'name']);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ status: 400, schema: 'Tag', field: undefined, name: 'SchemaError' });
  });
});
