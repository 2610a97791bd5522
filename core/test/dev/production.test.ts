// A production build: the bundler resolves `#dev` to its `production` answer. Here
// the module is replaced the same way, so every message is its production form.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, adapterError, Collection, createClient, Entity, isDevelopment, RestEndpoint, normalize, resolveArgs, resource } from '../../src';
import { providedClient } from '../../src/client/providedClient';

vi.mock('#dev', () => ({ DEV: false }));

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const code = (n: number) => ` (Resto error ${n}: https://github.com/resto-js/resto/blob/main/core/ERRORS.md#${n})`;

afterEach(() => vi.restoreAllMocks());

describe('production messages', () => {
  it('name the endpoint or option and carry the code instead of the explanation', () => {
    expect(() => resource({ path: '/todos', schema: Todo })).toThrow(new TypeError(`resource(/todos): no :parameter${code(9)}`));
    expect(() => new Collection(undefined as never)).toThrow(new TypeError(`Collection${code(11)}`));
    const get = new RestEndpoint({ name: 'Todo.get', path: '/todos/:id' });
    expect(() => get.url({ id: '..' })).toThrow(new TypeError(`Todo.get: path parameter "id" cannot be ".."${code(16)}`));
  });

  it("an adapter's error names the hook and carries the code instead of the fix (ERRORS.md#30)", () => {
    expect(isDevelopment).toBe(false);
    expect(adapterError('useClient()', 'no client in context', isDevelopment && 'render this component inside <DataProvider>', 30)).toEqual(
      new Error(`Resto useClient(): no client in context${code(30)}`),
    );
  });

  it("a provider's refusal of initialState with a client of its own carries the code instead of the fix (ERRORS.md#32)", () => {
    const client = createClient();
    expect(() => providedClient('createResto()', { client, initialState: {} as never })).toThrow(
      new Error(`Resto createResto(): initialState with a client of your own${code(32)}`),
    );
  });

  it('a response that is not JSON names the endpoint and URL, then what the parser said (ERRORS.md#17)', async () => {
    const get = new RestEndpoint({ name: 'Todo.get', path: '/todos/:id', schema: Todo });
    const error = await get.parseResponse(new Response('<html>', { headers: { 'content-type': 'application/json' } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', status: 400 });
    expect((error as Error).message).toMatch(/^Todo\.get: : .*JSON.*\(Resto error 17: /);
  });

  it('an abort names the endpoint; its URL is in `url`', () => {
    const error = new AbortError('Todo.get', 'http://api.test/todos/1', undefined);
    expect(error).toMatchObject({ name: 'AbortError', status: 499, message: 'Todo.get: aborted', url: 'http://api.test/todos/1', endpoint: 'Todo.get' });
  });

  it('leave out the checks that only make a clearer message (ERRORS.md#16)', () => {
    expect(() => new RestEndpoint({ name: 'Todo.download', path: '/todos/:id', content: 'blob', schema: Todo, nextPage: 1 as never })).not.toThrow();
  });

  it('refuse what would send the request to a wrong URL, with a code (ERRORS.md#16)', () => {
    const get = new RestEndpoint({ name: 'Todo.get', path: '/todos/:id' });
    // `/todos/NaN`, `/todos/%5Bobject%20Object%5D`, `/todos/true` are no todo's URL
    for (const id of [NaN, { id: 1 }, true, [1, 2]]) expect(() => get.url({ id })).toThrow(new TypeError(`Todo.get: path parameter "id"${code(16)}`));
    const files = new RestEndpoint({ name: 'File.get', path: '/files/*path' });
    expect(() => files.url({ path: ['a', {}] })).toThrow(new TypeError(`File.get: path parameter "path"${code(16)}`));
    // (development adds which part of the template and that it is a wildcard's segment)
    expect(() => files.url({ path: ['a', '..'] })).toThrow(new TypeError(`File.get: path parameter "path" cannot be ".."${code(16)}`));
    // `?filter=%5Bobject+Object%5D`: every filter object would be one URL (and one answer)
    const search = new RestEndpoint({ name: 'Todo.search', path: '/todos' });
    for (const filter of [{ done: true }, [[1]], [null]]) expect(() => search.url({ filter })).toThrow(new TypeError(`Todo.search: search parameter "filter"${code(16)}`));
    // what it sends still goes
    expect(get.url({ id: 5 })).toBe('/todos/5');
    expect(search.url({ filter: ['a', 2], done: true })).toBe('/todos?done=true&filter=a&filter=2');
  });

  it('a schema error keeps its message and drops the detail', () => {
    let error: Error | undefined;
    try {
      normalize({ page: { items: [Todo] } }, { page: 5 });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toBe('{items} at field "page": expected an object');
  });

  it('a record with no usable primary key names the schema and carries a code (ERRORS.md#50)', () => {
    // an array where one record is declared has no pk either: development names the array
    for (const input of [{ title: 'x' }, { id: { a: 1 } }, [{ id: 1 }]]) {
      expect(() => normalize(Todo, input)).toThrow(`Todo: pk${code(50)}`);
    }
    expect(() => normalize(resource({ path: '/todos/:id', schema: Todo }).delete.schema, {})).toThrow(`Invalidate(Todo): pk${code(50)}`);
  });

  it('a whole response that does not fit the schema names the schema and carries a code', () => {
    for (const [schema, input] of [[Todo, 'oops'], [[Todo], 42], [Todo, null]] as const) {
      expect(() => normalize(schema, input)).toThrow(`${schema === Todo ? 'Todo' : '[Todo]'}: unexpected response${code(40)}`);
    }
  });

  it('a read of a destroyed client names its key and carries a code (ERRORS.md#21)', async () => {
    const client = createClient();
    client.destroy();
    const get = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
    await expect(client.controller.fetch(get, { id: 1 })).rejects.toThrow(new Error(`GET http://api.test/todos/1${code(21)}`));
  });

  it("leave out the adapters' check of a getter returning the whole args list (development names it)", () => {
    expect(resolveArgs('useDLE', [() => [{ id: 1 }]])).toEqual([[{ id: 1 }]]);
  });

  it('warnings are development-only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    resource({ path: '/users/:id', schema: Todo, endpoint: RestEndpoint } as never);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('ERRORS.md', () => {
  it('explains every code the sources use, once, and no code they do not', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const used = new Set<number>();
    for (const f of files) {
      const text = readFileSync(join(src, f), 'utf8');
      for (const m of text.matchAll(/errorCode\((\d+)\)/g)) used.add(Number(m[1]));
      // Core's own adapter errors (providedClient): `adapterError(where, problem, DEV && fix, code)`.
      for (const m of text.matchAll(/adapterError\([^]*?DEV && [^]*?,\s*(\d+),?\s*\)/g)) used.add(Number(m[1]));
    }
    // The adapters' codes: `adapterError(where, problem, isDevelopment && fix, code)`.
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    for (const adapter of readdirSync(root).filter((d) => d.startsWith('adapter-'))) {
      const dir = join(root, adapter, 'src');
      for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')))
        for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/isDevelopment && [^]*?,\s*(\d+),?\s*\)/g)) used.add(Number(m[1]));
    }
    const doc = readFileSync(fileURLToPath(new URL('../../ERRORS.md', import.meta.url)), 'utf8');
    const documented = [...doc.matchAll(/<a id="(\d+)"><\/a>\n## (\d+): /g)].map((m) => {
      expect(m[1]).toBe(m[2]);
      return Number(m[1]);
    });
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented.sort((a, b) => a - b)).toEqual([...used].sort((a, b) => a - b));
  });
});
