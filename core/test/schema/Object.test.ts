import { describe, expect, it } from 'vitest';
import { ObjectSchema, Union, schemaDefaults } from '../../src/schema';
import { normalize } from '../../src/normalize';
import { User } from './fixtures';

describe('object schemas', () => {
  it('a declared member given as undefined is left out of the result; null and undeclared members stay', () => {
    for (const schema of [new ObjectSchema({ a: User, b: User, c: User }), { a: User, b: User, c: User }]) {
      const { result } = normalize(schema, { a: undefined, b: { id: 1 }, c: null, extra: undefined });
      expect(result).toEqual({ b: '1', c: null, extra: undefined });
      expect('a' in result).toBe(false);
      expect('extra' in result).toBe(true);
    }
  });

  it('a schema.Object (or a subclass) is told apart from other schemas by normalize and schemaDefaults', () => {
    class Page extends ObjectSchema {}
    for (const schema of [new ObjectSchema({ total: 0, user: User }), new Page({ total: 0, user: User })]) {
      expect(() => normalize(schema, 'oops')).toThrow(/expected an object, but the response is the string "oops"/);
      expect(schemaDefaults(schema)).toEqual({ total: 0 });
    }
    expect(schemaDefaults(new Union({ users: User }, 'type'))).toBeUndefined();
  });
});
