import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/normalize';
import { Todo } from '../schema/fixtures';

describe('the entity meta normalize() records', () => {
  it('with no meta given: fetched at 0, dated now, never expiring (as data-client)', () => {
    const before = Date.now();
    const { entitiesMeta } = normalize([Todo], [{ id: 1, title: 'a' }]);
    const meta = entitiesMeta.Todo!['1']!;
    expect(meta.fetchedAt).toBe(0);
    expect(meta.date).toBeGreaterThanOrEqual(before);
    expect(meta.expiresAt).toBe(Infinity);
  });

  it('a real fetch is newer than data normalized without meta, so it merges over it', () => {
    const seeded = normalize(Todo, { id: 1, title: 'seed' });
    const fetched = normalize(Todo, { id: 1, title: 'fetched' }, [], seeded, { fetchedAt: 5, date: 5, expiresAt: 10 });
    expect(fetched.entities.Todo!['1']).toMatchObject({ title: 'fetched' });
    expect(fetched.entitiesMeta.Todo!['1']!.fetchedAt).toBe(5);
  });

  it('meta with a date but no fetchedAt: fetched at that date', () => {
    const { entitiesMeta } = normalize(Todo, { id: 1 }, [], undefined, { date: 7 });
    expect(entitiesMeta.Todo!['1']!.fetchedAt).toBe(7);
  });
});
