import { Temporal } from 'temporal-polyfill';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  All,
  Entity,
  EntityMixin,
  INVALID,
  MemoCache,
  NetworkError,
  RestEndpoint,
  SchemaError,
  createClient,
  denormalize,
  normalize,
  parseState,
  schema,
  serializeState,
  type EntityMeta,
} from '../../src';
import { Post, Todo, User, meta } from '../schema/fixtures';

describe('Entity hooks', () => {
  it('shouldUpdate() false keeps the stored record', () => {
    class Versioned extends Entity {
      id = 0;
      version = 0;
      title = '';
      static override key = 'Versioned';
      static override shouldUpdate(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any) {
        return incoming.version >= existing.version;
      }
    }
    const first = normalize(Versioned, { id: 1, version: 2, title: 'new' }, [], undefined, meta(1));
    const stale = normalize(Versioned, { id: 1, version: 1, title: 'old' }, [], first, meta(2));
    expect(stale.entities.Versioned!['1']).toEqual({ id: 1, version: 2, title: 'new' });
    const newer = normalize(Versioned, { id: 1, version: 3, title: 'newer' }, [], first, meta(3));
    expect(newer.entities.Versioned!['1'].title).toBe('newer');
  });

  it('validate() message fails storing (status 400) and makes a stored record read as invalid', async () => {
    class Article extends Entity {
      id = 0;
      title = '';
      static override key = 'Article';
      static override validate(processed: any) {
        if (typeof processed.title !== 'string') return 'title must be a string';
        return undefined;
      }
    }
    expect(() => normalize(Article, { id: 1, title: 5 })).toThrow(SchemaError);
    expect(() => normalize(Article, { id: 1, title: 5 })).toThrow(/Article: title must be a string/);
    // a record stored by other means (e.g. an older shape) reads as invalid
    const entities = { Article: { '1': { id: 1 } } };
    expect(denormalize(Article, '1', entities)).toBe(INVALID);
    expect(denormalize([Article], ['1'], entities)).toEqual([]);
    // through the store: the fetch fails with the message, nothing stored is lost
    const client = createClient();
    const ep = new RestEndpoint({ path: '/a/:id', schema: Article, name: 'getArticle' });
    await client.controller.setResponse(ep, { id: 1 }, { id: 1, title: 'ok' });
    await client.controller.setResponse(ep, { id: 1 }, { id: 1, title: 7 });
    const state = client.getSnapshot();
    expect(client.controller.getError(ep, { id: 1 }, state)?.message).toMatch(/getArticle: .*title must be a string/);
    expect(state.entities.Article!['1']).toEqual({ id: 1, title: 'ok' });
  });

  it('process() returning undefined deletes the record', () => {
    class Soft extends Entity {
      id = 0;
      deleted = false;
      static override key = 'Soft';
      static override process(input: any) {
        return input.deleted ? undefined : { ...input };
      }
    }
    const stored = normalize([Soft], [{ id: 1 }, { id: 2 }]);
    const after = normalize(Soft, { id: 2, deleted: true }, [], stored);
    expect(after.result).toBe('2');
    expect(after.entities.Soft!['2']).toBe(INVALID);
    expect(denormalize([Soft], ['1', '2'], after.entities)).toEqual([expect.objectContaining({ id: 1 })]);
  });

  it('missing optional nested entities read as missing', () => {
    const { result, entities } = normalize(Post, { id: 1, title: 't', author: 7 });
    const post = denormalize(Post, result, entities) as Post;
    expect(post.title).toBe('t');
    expect(post.author).toBeUndefined();
    const noTable = denormalize(Post, '1', { Post: entities.Post! }) as Post;
    expect(noTable.author).toBeUndefined();
    const withNull = normalize(Post, { id: 2, author: null });
    expect((denormalize(Post, '2', withNull.entities) as Post).author).toBeNull();
  });

  it('an Entity with no key and no class name is a clear error', () => {
    const Anonymous = (() => class extends Entity { id = 0; })();
    expect(Anonymous.name).toBe('');
    expect(() => normalize(Anonymous, { id: 1 })).toThrow(/no key .*static key/s);
  });

  it('EntityMixin makes an Entity from any class', () => {
    class Article {
      slug = '';
      title = '';
      author: User | undefined = undefined;
      get shout() {
        return this.title.toUpperCase();
      }
    }
    const ArticleEntity = EntityMixin(Article, { pk: 'slug', key: 'Article', schema: { author: User } });
    expect(ArticleEntity.key).toBe('Article');
    const { result, entities } = normalize([ArticleEntity], [{ slug: 'hi', title: 'hello', author: { id: 3, name: 'ann' } }]);
    expect(result).toEqual(['hi']);
    expect(entities.User!['3']).toEqual({ id: 3, name: 'ann' });
    const [article] = denormalize([ArticleEntity], result, entities) as any[];
    expect(article).toBeInstanceOf(Article);
    expect(article.shout).toBe('HELLO');
    expect(article.author).toBeInstanceOf(User);
    expect(article.pk()).toBe('hi');
    expectTypeOf(ArticleEntity.fromJS).toBeFunction();
    const ByFn = EntityMixin(class Thing { a = 1; b = 2; }, { pk: (t) => `${t.a}-${t.b}` });
    expect(ByFn.key).toBe('Thing');
    expect(ByFn.pk({ a: 1, b: 2 })).toBe('1-2');
  });

  it('static defaults is an instance at the default values, inherited fields included', () => {
    abstract class Base extends Entity {
      id = '';
      static fieldDefaults() {
        return this.defaults;
      }
    }
    class Person extends Base {
      name = 'anon';
      since = Temporal.Instant.fromEpochMilliseconds(0);
      static override key = 'DefaultsPerson';
      static override schema = { since: Temporal.Instant.from };
    }
    const d = Person.fieldDefaults();
    expect(d).toBeInstanceOf(Person);
    expect({ ...d }).toEqual({ id: '', name: 'anon', since: Temporal.Instant.fromEpochMilliseconds(0) });
    // a fresh instance each time: changing one cannot change the defaults
    d.name = 'x';
    expect(Person.defaults.name).toBe('anon');
  });

  it('a class may set its own static defaults, also when fields compile to assignments', () => {
    class Fixed extends Entity {
      id = '';
      static override key = 'FixedDefaults';
    }
    // what `static defaults = {...}` compiles to with useDefineForClassFields off
    (Fixed as { defaults: unknown }).defaults = { id: 'none' };
    expect(Fixed.defaults).toEqual({ id: 'none' });
    expect(Entity.defaults).not.toEqual({ id: 'none' });
  });

  it("EntityMixin over a base whose static of a hook's name is no function stores and reads with Entity's hook", () => {
    class Form {
      id = 0;
      title = '';
      // another library's meaning of the name: no method Entity can call
      static validate = { title: 'required' };
    }
    const FormEntity = EntityMixin(Form, { key: 'Form' });
    const { result, entities } = normalize(FormEntity, { id: 1, title: 'a' });
    expect(denormalize(FormEntity, result, entities)).toEqual(Object.assign(new FormEntity(), { id: 1, title: 'a' }));
    // the base class keeps its own
    expect(Form.validate).toEqual({ title: 'required' });
  });

  it('is also schema.EntityMixin, as in data-client', () => {
    const Tag = schema.EntityMixin(class Tag { name = ''; }, { pk: 'name', key: 'Tag' });
    expect(normalize([Tag], [{ name: 'x' }]).entities.Tag!['x']).toEqual({ name: 'x' });
  });
});

describe('schemas', () => {
  it('schema.Object members that are functions deserialize the value', async () => {
    const s = new schema.Object({ at: Temporal.Instant.from, count: Number, todo: Todo });
    const n = normalize(s, { at: '2020-01-01T00:00:00Z', count: '5', todo: { id: 1 } });
    const value = denormalize(s, n.result, n.entities) as any;
    expect(value.at).toBeInstanceOf(Temporal.Instant);
    expect(value.at.epochMilliseconds).toBe(Date.UTC(2020, 0, 1));
    expect(value.count).toBe(5);
    expect(value.todo).toBeInstanceOf(Todo);
    const client = createClient();
    const ep = new RestEndpoint({ path: '/clock', schema: { at: Temporal.Instant.from } });
    await client.controller.setResponse(ep, { at: '2021-01-01T00:00:00Z' });
    const data = client.controller.getResponse(ep, client.getSnapshot()).data as { at: Temporal.Instant };
    expect(data.at.epochMilliseconds).toBe(Date.UTC(2021, 0, 1));
  });

  it('All stores an object of records by its values, passes other input, reads a raw entities table', () => {
    const all = new All(Todo);
    const n = normalize(all, { a: { id: 1, title: 'a' }, b: { id: 2, title: 'b' } });
    expect(Object.keys(n.entities.Todo!)).toEqual(['1', '2']);
    expect(normalize(all, 'nothing').result).toBe('nothing');
    const memo = new MemoCache();
    const entities = { Todo: { '1': { id: 1, title: 'a' }, '3': { id: 3, title: 'c' } } };
    const read = memo.query(all, [], { entities } as any) as Todo[];
    expect(read.map((t) => t.title)).toEqual(['a', 'c']);
    expect(read[0]).toBeInstanceOf(Todo);
  });

  it('NetworkError has no toJSON (removed, as data-client has none): serializeState keeps its status, url and endpoint', () => {
    const error = new NetworkError(new Response('', { status: 404, statusText: 'Not Found' }));
    expect('toJSON' in error).toBe(false);
    const named = new NetworkError(undefined, { status: 500, message: 'GET /x: boom', url: 'http://127.0.0.1/x', endpoint: 'GET /x' });
    const back = parseState(serializeState({ version: 1, error: named } as never)) as unknown as { error: NetworkError };
    expect(back.error).toBeInstanceOf(NetworkError);
    expect(back.error).toMatchObject({ message: 'GET /x: boom', url: 'http://127.0.0.1/x', endpoint: 'GET /x', status: 500 });
  });
});
