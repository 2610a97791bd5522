import { describe, expect, it } from 'vitest';
import { ObjectSchema } from '../../src/schema';
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
});
