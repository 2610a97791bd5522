import { expect, it } from 'vitest';
import { ChangeSet, GC, initialState, reducer } from '../../src/internal';

const meta = { date: 1, fetchedAt: 1, expiresAt: 9 };
const stored = {
  ...initialState(),
  endpoints: { a: 1, b: 2 },
  meta: { a: meta, b: meta },
  entities: { Todo: { 1: { id: 1 }, 2: { id: 2 } }, User: { 7: { id: 7 } } },
  entitiesMeta: { Todo: { 1: meta, 2: meta }, User: { 7: meta }, Gone: { 3: meta } },
};

it('GC removes what it names and records it; the state it started from is untouched', () => {
  const changes = new ChangeSet();
  const next = reducer(stored, { type: GC, endpoints: ['a'], entities: [['Todo', '1']] }, changes);
  expect(next.endpoints).toEqual({ b: 2 });
  expect(next.meta).toEqual({ b: meta });
  expect(next.entities.Todo).toEqual({ 2: { id: 2 } });
  expect(next.entitiesMeta.Todo).toEqual({ 2: meta });
  // Tables nothing was removed from keep their identity: their readers see no change.
  expect(next.entities.User).toBe(stored.entities.User);
  expect(stored.endpoints).toEqual({ a: 1, b: 2 });
  expect(stored.entities.Todo).toEqual({ 1: { id: 1 }, 2: { id: 2 } });
  expect(changes.keys).toEqual(['a']);
  expect(changes.entities).toEqual(['Todo', '1']);
});

it('GC of entities only leaves the results and their meta as they were, and GC of results only the entity tables', () => {
  const entitiesOnly = reducer(stored, { type: GC, endpoints: [], entities: [['Todo', '2']] });
  expect(entitiesOnly.endpoints).toBe(stored.endpoints);
  expect(entitiesOnly.meta).toBe(stored.meta);
  const resultsOnly = reducer(stored, { type: GC, endpoints: ['b'], entities: [] });
  expect(resultsOnly.entities).toBe(stored.entities);
  expect(resultsOnly.entitiesMeta).toBe(stored.entitiesMeta);
});

it('GC of an entity whose value is gone but whose meta stayed removes the meta', () => {
  const next = reducer(stored, { type: GC, endpoints: [], entities: [['Gone', '3']] });
  expect(next.entitiesMeta.Gone).toEqual({});
});
