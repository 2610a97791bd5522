import { describe, expect, it } from 'vitest';
import { Collection, Entity, ExpiryStatus, ObserveModes, RestEndpoint, createClient, normalize, schema } from '../../src';
import { schemaDefaults } from '../../src/internal';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

describe('reading endpoints whose schema is an object with defaults', () => {
  it('nothing stored reads as undefined (invalid), not as an empty object', () => {
    const client = createClient();
    for (const s of [{ total: 0, page: 1 }, { total: 0, results: [Todo] }, { results: new Collection([Todo]), cursor: '' }, new schema.Object({ total: Number })]) {
      const ep = new RestEndpoint({ path: '/stats', schema: s as any });
      const r = client.controller.getResponse(ep, client.getSnapshot());
      expect(r.data).toBeUndefined();
      expect(r.expiryStatus).toBe(ExpiryStatus.Invalid);
    }
  });

  it('string defaults in a schema object are kept as values (no String#normalize)', () => {
    const s = { results: [Todo], cursor: '', label: 'x' };
    const { result } = normalize(s, { results: [{ id: 1 }], cursor: 'abc', label: 'y' });
    expect(result).toEqual({ results: ['1'], cursor: 'abc', label: 'y' });
  });

  it('a paginated list with a cursor default reads back every page', async () => {
    const client = createClient();
    const list = new RestEndpoint({
      path: '/todos',
      schema: { results: new Collection([Todo]), cursor: '' },
      paginationField: 'cursor',
    });
    await client.controller.setResponse(list, { results: [{ id: 1, title: 'a' }], cursor: '2' });
    await client.controller.setResponse(list.getPage, { cursor: '2' }, { results: [{ id: 2, title: 'b' }], cursor: '' });
    const data = client.controller.getResponse(list, client.getSnapshot()).data as { results: Todo[]; cursor: string };
    expect(data.results.map((t) => t.title)).toEqual(['a', 'b']);
    expect(data.cursor).toBe('2');
  });

  it('an endpoint with no entities in its schema reads what was stored', async () => {
    const client = createClient();
    const stats = new RestEndpoint({ path: '/stats', schema: { total: 0, tags: [''] } });
    await client.controller.setResponse(stats, { total: 3, tags: ['a'] });
    expect(client.controller.getResponse(stats, client.getSnapshot()).data).toEqual({ total: 3, tags: ['a'] });
  });
});

describe('cache-only reads of object schemas show their plain defaults', () => {
  it('schemaDefaults keeps primitives and nested plain objects, drops schemas', () => {
    const s = { total: 0, label: '', on: false, none: null, range: { from: '', to: [Todo] }, results: new Collection([Todo]), at: Number, one: Todo };
    expect(schemaDefaults(s)).toEqual({ total: 0, label: '', on: false, none: null, range: { from: '' } });
    expect(schemaDefaults(s)).toBe(schemaDefaults(s));
    expect(schemaDefaults(new schema.Object({ total: 0, todo: Todo }))).toEqual({ total: 0 });
    expect(schemaDefaults(Todo)).toBeUndefined();
    expect(schemaDefaults([Todo])).toBeUndefined();
  });

  it('a cache observer shows the defaults; a fetching observer shows nothing until data', () => {
    const client = createClient({ managers: [] });
    const list = new RestEndpoint({ path: '/todos', schema: { results: new Collection([Todo]), cursor: '' } });
    expect(client.observeWith(ObserveModes.cache, list, []).getSnapshot().data).toEqual({ cursor: '' });
    expect(client.observeWith(ObserveModes.suspense, list, []).getSnapshot().data).toBeUndefined();
    const entity = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    expect(client.observeWith(ObserveModes.cache, entity, [{ id: 1 }]).getSnapshot().data).toBeUndefined();
  });
});

describe('a read switched off with null args', () => {
  it('shows the plain defaults of an object schema in every mode, and fetches nothing', () => {
    let fetched = 0;
    const client = createClient();
    const list = new RestEndpoint({
      path: '/todos',
      schema: { results: new Collection([Todo]), nextPage: '' },
      fetch: () => {
        fetched++;
        return Promise.resolve({ results: [], nextPage: 'x' });
      },
    });
    for (const mode of [ObserveModes.cache, ObserveModes.suspense, ObserveModes.dle]) {
      const observer = client.observeWith(mode, list, null);
      const stop = observer.subscribe(() => {});
      expect(observer.getSnapshot().data).toEqual({ nextPage: '' });
      expect(observer.read()).toEqual({ status: 'ready', data: { nextPage: '' } });
      stop();
    }
    expect(fetched).toBe(0);
  });

  it('is undefined for an entity or list schema', () => {
    const client = createClient();
    const one = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    const all = new RestEndpoint({ path: '/todos', schema: [Todo] });
    expect(client.observeWith(ObserveModes.suspense, one, null).read()).toEqual({ status: 'ready', data: undefined });
    expect(client.observeWith(ObserveModes.suspense, all, null).getSnapshot().data).toBeUndefined();
  });
});
