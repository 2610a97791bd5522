import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { denormalize, normalize } from '@resto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiError, generate, writeFiles, type GenerateResult } from '../src/index';
import { main } from '../src/cli';
import { typecheck } from './typecheck';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
// Inside the package, so the generated modules resolve @resto/core from its node_modules.
const out = fileURLToPath(new URL(`../.generated/unit-${process.pid}/`, import.meta.url));

const results: Record<string, GenerateResult> = {};
const text = (name: string, file: string) => results[name]!.files.find((f) => f.path === file)!.contents;

beforeAll(async () => {
  for (const [name, spec] of [
    ['todos', 'todos.yaml'],
    ['articles', 'articles-3.1.json'],
    ['pets', 'petstore-swagger2.yaml'],
  ] as const) {
    results[name] = await generate(fixture(spec));
    await writeFiles(join(out, name), results[name]!.files);
  }
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('output', () => {
  it('is one module per tag, the models and an index, in document order', () => {
    expect(results.todos!.files.map((f) => f.path)).toEqual(['models.ts', 'todos.ts', 'users.ts', 'default.ts', 'index.ts']);
    expect(text('todos', 'index.ts')).toContain("export * from './todos';\n");
    expect(results.articles!.files.map((f) => f.path)).toEqual(['models.ts', 'articles.ts', 'media.ts', 'index.ts']);
  });

  it('type-checks under strict tsc (noImplicitOverride, noUnusedLocals, verbatimModuleSyntax) with no errors', () => {
    expect(typecheck(out, ['todos/index.ts', 'articles/index.ts', 'pets/index.ts'])).toEqual([]);
  });

  it('is the same bytes for the same input', async () => {
    const again = await generate(fixture('todos.yaml'));
    expect(again.files).toEqual(results.todos!.files);
  });

  it("carries each operation's summary as JSDoc", () => {
    expect(text('todos', 'todos.ts')).toContain('/**\n * Get a todo\n *\n * GET /todos/{todoId}\n */\nexport const getTodo = TodoResource.get;');
    expect(text('todos', 'models.ts')).toContain('/** Someone with an account. */\nexport class User extends Entity {');
  });
});

describe('entities', () => {
  it('come from component schemas with an id-like field; the pk is inferred (id, login, uuid, slug)', async () => {
    const todos = await import(join(out, 'todos/index.ts'));
    expect(todos.Todo.key).toBe('Todo');
    expect(todos.Todo.pk({ id: 3 })).toBe(3);
    expect(todos.User.pk({ login: 'ada', name: 'Ada' })).toBe('ada');
    // No id-like field: a plain type, no class.
    expect(todos.TodoInput).toBeUndefined();
    expect(text('todos', 'models.ts')).toContain('export interface TodoInput {');
    const articles = await import(join(out, 'articles/index.ts'));
    expect(articles.Author.pk({ uuid: 'u1' })).toBe('u1');
    expect(articles.Article.pk({ slug: 'hello' })).toBe('hello');
  });

  it('nest entity references as schemas (stored once, not copied) and turn date-time into Date', async () => {
    const { Todo, User } = await import(join(out, 'todos/index.ts'));
    const owner = { login: 'ada', name: 'Ada', joinedAt: '2024-01-02T00:00:00.000Z' };
    const input = [
      { id: 1, title: 'a', completed: false, owner, createdAt: '2024-03-01T10:00:00.000Z', dueOn: null },
      { id: 2, title: 'b', completed: true, owner, createdAt: '2024-03-02T10:00:00.000Z', dueOn: '2024-04-01' },
    ];
    const { result, entities } = normalize([Todo], input);
    expect(Object.keys(entities.User)).toEqual(['ada']);
    expect(entities.Todo['1'].owner).toBe('ada');
    const [first, second] = denormalize([Todo], result, entities) as any[];
    expect(first).toBeInstanceOf(Todo);
    expect(first.owner).toBeInstanceOf(User);
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(first.createdAt.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(first.owner.joinedAt).toBeInstanceOf(Date);
    expect(first.dueOn).toBeNull();
    expect(second.dueOn).toBeInstanceOf(Date);
  });

  it('treat a nullable copy of an entity schema (GitHub\'s nullable-simple-user) as that entity or null', async () => {
    const models = text('todos', 'models.ts');
    expect(models).not.toContain('NullableUser');
    expect(models).toContain('  reviewer: User | null = null;');
    const { Todo } = await import(join(out, 'todos/index.ts'));
    const reviewer = { login: 'bo', name: 'Bo' };
    const { entities } = normalize(Todo, { id: 1, title: 'a', completed: false, owner: { login: 'ada', name: 'Ada' }, reviewer, createdAt: '2024-01-01T00:00:00Z' });
    expect(Object.keys(entities.User).sort()).toEqual(['ada', 'bo']);
    expect(entities.Todo['1'].reviewer).toBe('bo');
  });

  it('handle nullable and self references (OpenAPI 3.1 type arrays, anyOf with null)', async () => {
    const { Article, Author } = await import(join(out, 'articles/index.ts'));
    const input = {
      slug: 'a',
      title: 'A',
      kind: 'article',
      publishedAt: null,
      author: null,
      coauthors: [{ uuid: 'u1', name: 'Ursula' }],
      related: [{ slug: 'b', title: 'B', kind: 'article', publishedAt: '2024-01-01T00:00:00Z', author: { uuid: 'u1', name: 'Ursula' } }],
    };
    const { result, entities } = normalize(Article, input);
    expect(Object.keys(entities.Article).sort()).toEqual(['a', 'b']);
    const article = denormalize(Article, result, entities) as any;
    expect(article.author).toBeNull();
    expect(article.related[0]).toBeInstanceOf(Article);
    expect(article.related[0].author).toBeInstanceOf(Author);
    expect(article.related[0].publishedAt).toBeInstanceOf(Date);
  });
});

describe('resources and endpoints', () => {
  it('group /things and /things/{id} into resource() with the members the API has, named after operationId', async () => {
    const api = await import(join(out, 'todos/index.ts'));
    expect(api.getTodo).toBe(api.TodoResource.get);
    expect(api.listTodos).toBe(api.TodoResource.getList);
    expect(api.createTodo).toBe(api.TodoResource.getList.push);
    expect(api.updateTodo).toBe(api.TodoResource.partialUpdate);
    expect(api.deleteTodo).toBe(api.TodoResource.delete);
    expect(api.TodoResource.get.url({ todoId: 3 })).toBe('https://api.example.com/v1/todos/3');
    expect(api.TodoResource.getList.url({ userId: 2 })).toBe('https://api.example.com/v1/todos?userId=2');
    expect(api.TodoResource.getList.paginationField).toBe('page');
  });

  it('make every other operation a RestEndpoint with its method, path, search params and schema', async () => {
    const api = await import(join(out, 'todos/index.ts'));
    expect(api.getUser.url({ login: 'ada' })).toBe('https://api.example.com/v1/users/ada');
    expect(api.searchTodos.url({ q: 'milk', cursor: 'x' })).toBe('https://api.example.com/v1/search/todos?cursor=x&q=milk');
    // a list inside an envelope is a Collection, and the cursor parameter pages it
    expect(api.searchTodos.paginationField).toBe('cursor');
    expect(text('todos', 'todos.ts')).toContain('    items: new Collection([Todo]),');
    const media = await import(join(out, 'articles/index.ts'));
    expect(media.articlesUploadCover.method).toBe('POST');
    expect(media.articlesUploadCover.url({ slug: 'a' })).toBe('https://eu.example.com/api/articles/a/cover');
    expect(media.exportOp.content).toBe('text');
    expect(text('articles', 'media.ts')).toContain('  body: {} as FormData,');
  });

  it('read Swagger 2.0 too (host, basePath, body parameters)', async () => {
    const pets = await import(join(out, 'pets/index.ts'));
    expect(pets.showPetById.url({ petId: 1 })).toBe('https://pets.example.com/v2/pets/1');
    expect(pets.addPet).toBe(pets.PetResource.getList.push);
    expect(text('pets', 'pets.ts')).toContain('  body: {} as NewPet,');
  });

  it('rename path parameters to :name and escape what path-to-regexp would read', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/files/{file-name}:download': {
          get: {
            operationId: 'download',
            parameters: [{ name: 'file-name', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok', content: { 'application/octet-stream': {} } } },
          },
        },
      },
    };
    const dir = join(out, 'paths');
    const result = await generate(spec, { urlPrefix: 'https://x.test' });
    await writeFiles(dir, result.files);
    expect(text2(result, 'default.ts')).toContain(`path: '/files/:"file-name"\\\\:download',`);
    const api = await import(join(dir, 'index.ts'));
    expect(api.download.url({ 'file-name': 'a b' })).toBe('https://x.test/files/a%20b:download');
    expect(api.download.content).toBe('blob');
  });
});

const text2 = (r: GenerateResult, file: string) => r.files.find((f) => f.path === file)!.contents;

describe('options', () => {
  it('urlPrefix, tags, pk overrides and file names', async () => {
    const r = await generate(fixture('todos.yaml'), {
      urlPrefix: 'http://localhost:3000',
      tags: ['users'],
      pk: { User: 'name' },
      fileNames: { index: 'api.ts', models: 'schemas.ts', tag: (tag) => `${tag}.endpoints.ts` },
    });
    expect(r.files.map((f) => f.path)).toEqual(['schemas.ts', 'users.endpoints.ts', 'api.ts']);
    expect(r.operations).toBe(1);
    expect(r.entities).toEqual(['User']);
    const models = text2(r, 'schemas.ts');
    expect(models).toContain("export const urlPrefix = 'http://localhost:3000';");
    expect(models).toContain('  override pk() {\n    return this.name;\n  }');
    expect(models).not.toContain('class Todo');
    expect(text2(r, 'users.endpoints.ts')).toContain("from './schemas';");
  });

  it('a schema with a field named pk stays a plain type (the field would hide pk())', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/rows': {
          get: {
            operationId: 'listRows',
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Row' } } } } } },
          },
        },
      },
      components: { schemas: { Row: { type: 'object', properties: { id: { type: 'integer' }, pk: { type: 'string' } } } } },
    };
    const r = await generate(spec, { pk: { Row: 'id' } });
    expect(r.entities).toEqual([]);
    expect(text2(r, 'models.ts')).toContain('export interface Row {');
  });

  it('pk: false makes a schema a plain type; importExtension .js suits Node ESM resolution', async () => {
    const r = await generate(fixture('todos.yaml'), { pk: { Todo: false }, importExtension: '.js' });
    expect(r.resources).toEqual([]);
    expect(text2(r, 'models.ts')).toContain('export interface Todo {');
    expect(text2(r, 'index.ts')).toContain("export * from './todos.js';");
  });
});

describe('bad options', () => {
  it('a pk override naming a missing schema or field is an error, not a silent no-op', async () => {
    await expect(generate(fixture('todos.yaml'), { pk: { Usr: 'login' } })).rejects.toThrow('pk option: the document has no component schema "Usr"');
    await expect(generate(fixture('todos.yaml'), { pk: { User: 'email' } })).rejects.toMatchObject({
      message: 'pk option: schema "User" has no field "email"',
      path: '#/components/schemas/User',
    });
  });
});

describe('bad documents', () => {
  it.each([
    ['bad-missing-responses.yaml', '#/paths/~1things/get', /must have required property 'responses'/],
    ['bad-ref.yaml', '#/paths/~1things/get/responses/200/content/application~1json/schema', /points to nothing/],
    ['bad-yaml.yaml', '#', /bad-yaml\.yaml/],
  ])('%s: an OpenApiError naming %s', async (file, path, message) => {
    const error = await generate(fixture(file)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenApiError);
    expect((error as OpenApiError).path).toBe(path);
    expect((error as OpenApiError).message).toMatch(message);
  });

  it('a document that is not OpenAPI', async () => {
    await expect(generate({ hello: 'world' })).rejects.toThrow(/no "openapi"/);
  });

  it('the CLI writes nothing and exits 1', async () => {
    const dir = join(out, 'cli-bad');
    const errors: string[] = [];
    const code = await main([fixture('bad-ref.yaml'), '-o', dir], () => {}, (line) => errors.push(line));
    expect(code).toBe(1);
    expect(errors.join('\n')).toContain('#/paths/~1things/get/responses/200');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('resto-openapi CLI', () => {
  it('writes the modules and says what it made', async () => {
    const dir = join(out, 'cli');
    const lines: string[] = [];
    const code = await main([fixture('todos.yaml'), '-o', dir, '--pk', 'User=name', '--tag', 'todos', '--tag', 'users'], (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^resto-openapi: 7 operations -> 2 entities, 1 resources, 2 endpoints in 4 files/);
    expect(readFileSync(join(dir, 'models.ts'), 'utf8')).toContain('return this.name;');
    expect(existsSync(join(dir, 'default.ts'))).toBe(false);
  });

  it('prints usage on wrong arguments', async () => {
    mkdirSync(out, { recursive: true });
    const errors: string[] = [];
    expect(await main([fixture('todos.yaml')], () => {}, (l) => errors.push(l))).toBe(2);
    expect(errors[0]).toContain('Usage: resto-openapi <spec.json|spec.yaml> -o <dir>');
    expect(await main(['a', '-o', 'b', '--pk', 'nope'], () => {}, () => {})).toBe(2);
  });
});
