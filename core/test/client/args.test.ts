import { describe, expect, it } from 'vitest';
import { resolveArgs } from '../../src';

describe('resolveArgs (development)', () => {
  it('names the hook and the fix for a getter that returns the whole args list', () => {
    expect(() => resolveArgs('useDLE', [() => [{ id: 1 }]])).toThrow(
      'Resto useDLE(): argument 1 is a getter that returned an array. Fix: give each argument its own getter, e.g. useDLE(endpoint, () => ({ id })) instead of useDLE(endpoint, () => [{ id }]).',
    );
  });

  it('calls getters, drops trailing undefined ones, and null switches the read off', () => {
    expect(resolveArgs('useDLE', [() => ({ id: 1 })])).toEqual([{ id: 1 }]);
    expect(resolveArgs('useDLE', [() => undefined])).toEqual([]);
    expect(resolveArgs('useDLE', [() => null])).toBeNull();
  });
});
