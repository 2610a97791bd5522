import type { ServerResponse } from 'node:http';
import { startServer, until } from '@resto/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { All, Collection, createClient, Entity, ExpiryStatus, NetworkError, resource, RestEndpoint, Values, type Client } from '../../src';

// A server that answers whatever the current test tells it to, to check what a
// client keeps when the answer is bad.
class Todo extends Entity {
  id = '';
  title = '';
  static override key = 'MTodo';
}

type Reply = (res: ServerResponse, url: string) => void;
let reply: Reply = (res) => res.writeHead(404).end();
let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;

beforeAll(async () => {
  server = await startServer({
    'GET *': (hit, res) => reply(res, hit.url),
    'DELETE *': (hit, res) => reply(res, hit.url),
    'POST *': (hit, res) => reply(res, hit.url),
  });
});
afterAll(() => server.close());
afterEach(() => client?.destroy());

const send = (status: number, body: string, type = 'application/json'): Reply => (res) => {
  res.writeHead(status, type ? { 'content-type': type } : {}).end(body);
};
const ok = (value: unknown) => send(200, JSON.stringify(value));

function endpoints() {
  const getTodo = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'getTodo' });
  const listTodos = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo], name: 'listTodos' });
  return { getTodo, listTodos };
}

/** Subscribes and waits until the read is neither loading nor empty of error/data. */
async function settle(obs: ReturnType<Client['observe']>) {
  await until(() => !obs.getSnapshot().loading);
  return obs.getSnapshot();
}

describe('1. an empty or null body where the schema expects data', () => {
  for (const [label, body] of [
    ['empty', ''],
    ['null', 'null'],
  ] as const) {
    it(`${label} 200 body: an error naming endpoint and URL; stored data and entities kept`, async () => {
      const { getTodo } = endpoints();
      client = createClient();
      reply = ok({ id: '1', title: 'kept' });
      await client.controller.fetch(getTodo, { id: '1' });
      const before = client.getSnapshot();

      reply = send(200, body);
      const error = await client.controller.fetch(getTodo, { id: '1' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).message).toContain('getTodo');
      expect((error as NetworkError).message).toContain(`${server.url}/todos/1`);
      expect((error as NetworkError).url).toBe(`${server.url}/todos/1`);
      expect((error as NetworkError).endpoint).toBe('getTodo');

      const after = client.getSnapshot();
      expect(after.endpoints).toEqual(before.endpoints);
      expect(after.entities).toEqual(before.entities);

      const obs = client.observe(getTodo, { id: '1' });
      const stop = obs.subscribe(() => {});
      const snap = obs.getSnapshot();
      expect(snap.data).toMatchObject({ id: '1', title: 'kept' });
      expect(snap.error).toBe(error);
      stop();
    });
  }

  it('stays valid for 204, endpoints without a schema and nullable schemas', async () => {
    client = createClient();
    const plain = new RestEndpoint({ urlPrefix: server.url, path: '/plain' });
    reply = send(200, '', 'text/plain');
    await expect(client.controller.fetch(plain)).resolves.toBe('');
    reply = send(200, 'null');
    await expect(client.controller.fetch(plain)).resolves.toBeNull();

    const { getTodo } = endpoints();
    reply = send(204, '', '');
    await expect(client.controller.fetch(getTodo, { id: '9' })).resolves.toBeNull();

    const maybe = new RestEndpoint({ urlPrefix: server.url, path: '/maybe/:id', schema: Todo, nullable: true });
    reply = send(200, 'null');
    await expect(client.controller.fetch(maybe, { id: '2' })).resolves.toBeNull();
  });
});

describe('2. a JSON scalar where an Entity or object is declared', () => {
  for (const scalar of ['"oops"', '42', 'true']) {
    it(`${scalar}: a SchemaError naming endpoint and schema; nothing stored changes`, async () => {
      const { getTodo } = endpoints();
      const wrapped = new RestEndpoint({
        urlPrefix: server.url,
        path: '/wrapped',
        schema: { todo: Todo },
        name: 'getWrapped',
      });
      client = createClient();
      reply = ok({ id: '1', title: 'kept' });
      await client.controller.fetch(getTodo, { id: '1' });
      const before = client.getSnapshot();

      reply = send(200, scalar);
      for (const [endpoint, schema] of [
        [getTodo, 'MTodo'],
        [wrapped, '{todo}'],
      ] as const) {
        const error = (await client.controller.fetch(endpoint as typeof getTodo, { id: '1' }).catch((e: unknown) => e)) as Error;
        expect(error.name).toBe('SchemaError');
        expect(error.message).toContain(endpoint.name);
        expect(error.message).toContain(schema);
      }
      expect(client.getSnapshot().endpoints).toEqual(before.endpoints);
      expect(client.getSnapshot().entities).toEqual(before.entities);

      // A fresh read of the bad key shows the error, not loading forever.
      const obs = client.observe(getTodo, { id: '1' });
      obs.subscribe(() => {});
      const snap = await settle(obs);
      expect(snap.error?.name).toBe('SchemaError');
      expect(snap.data).toMatchObject({ title: 'kept' });
    });
  }

  it('a mutation answered with a scalar (push to a list) is a SchemaError and the list is unchanged', async () => {
    const Todos = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    client = createClient();
    reply = ok([{ id: '1', title: 'kept' }]);
    await client.controller.fetch(Todos.getList);
    const before = client.getSnapshot();
    for (const scalar of ['"oops"', '42']) {
      reply = send(200, scalar);
      const error = (await client.controller.fetch(Todos.getList.push, { title: 'x' }).catch((e: unknown) => e)) as Error;
      expect(error.name).toBe('SchemaError');
      expect(error.message).toContain('MTodo.getList.push');
    }
    expect(client.getSnapshot().entities).toBe(before.entities);
    expect(client.getSnapshot().endpoints).toBe(before.endpoints);
  });

  it('a null member pushed into a list of entities never shows up as an item', async () => {
    const Todos = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    client = createClient();
    reply = ok([{ id: '1', title: 'kept' }]);
    await client.controller.fetch(Todos.getList);
    reply = ok([null, { id: '2', title: 'new' }]);
    await client.controller.fetch(Todos.getList.push, { title: 'new' });
    const list = client.controller.getResponse(Todos.getList, client.getSnapshot()).data as Todo[];
    expect(list.map((t) => t.id)).toEqual(['1', '2']);
  });

  it('a read of a key whose first answer is a scalar ends with an error, not loading forever', async () => {
    const { getTodo } = endpoints();
    client = createClient();
    reply = send(200, '"oops"');
    const obs = client.observe(getTodo, { id: '7' });
    obs.subscribe(() => {});
    const snap = await settle(obs);
    expect(snap).toMatchObject({ loading: false, data: undefined });
    expect(snap.error?.message).toContain('getTodo');
  });
});

describe('3. a body cut off mid-stream, and other transport failures', () => {
  const cutOff: Reply = (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    // Dropped once the half body is out (not after a time): the client always gets the headers first.
    res.write('{"id":"1","title":"ha', () => res.destroy());
  };

  it('a cut-off body is a NetworkError with URL, endpoint and a soft status', async () => {
    const { getTodo } = endpoints();
    client = createClient({ retry: 0 }); // one try: the error's shape is the point (retries: freshness tests)
    reply = cutOff;
    const error = (await client.controller.fetch(getTodo, { id: '1' }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`${server.url}/todos/1`);
    expect(error.endpoint).toBe('getTodo');
    expect(error.status).toBe(500);
    expect(getTodo.errorPolicy!(error)).toBe('soft');
  });

  it('a refused connection has the same shape', async () => {
    // A port nothing listens on: bind one, read its number, close it.
    const dead = await startServer();
    const url = dead.url;
    await dead.close();
    const getTodo = new RestEndpoint({ urlPrefix: url, path: '/todos/:id', schema: Todo, name: 'getTodo' });
    client = createClient({ retry: 0 }); // one try: the error's shape is the point (retries: freshness tests)
    const error = (await client.controller.fetch(getTodo, { id: '1' }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`${url}/todos/1`);
    expect(error.endpoint).toBe('getTodo');
    expect(error.status).toBe(500);
  });

  it('over existing data a transport failure is soft: the data stays, no error shown', async () => {
    const { getTodo } = endpoints();
    client = createClient({ retry: 0 }); // one try: the error's shape is the point (retries: freshness tests)
    reply = ok({ id: '1', title: 'kept' });
    const obs = client.observe(getTodo, { id: '1' });
    obs.subscribe(() => {});
    await until(() => obs.getSnapshot().data !== undefined);
    reply = cutOff;
    await obs.refetch();
    const snap = obs.getSnapshot();
    expect(snap).toMatchObject({ data: { title: 'kept' }, error: undefined, loading: false });
    expect(client.getSnapshot().meta[getTodo.key({ id: '1' })]?.error).toBeInstanceOf(NetworkError);
  });
});

describe('4. an entity whose id is "__proto__"', () => {
  it('is stored as an own key and reads back intact in every table, with no stray values', async () => {
    const { getTodo, listTodos } = endpoints();
    const byTag = new RestEndpoint({
      urlPrefix: server.url,
      path: '/tagged',
      schema: new Collection([Todo]),
      searchParams: {} as { tag: string },
      name: 'byTag',
    });
    client = createClient();
    reply = ok([{ id: 'a', title: 'A' }]);
    await client.controller.fetch(listTodos);
    reply = ok({ id: '__proto__', title: 'sneaky' });
    const got = await client.controller.fetch(getTodo, { id: '__proto__' });
    expect(got).toMatchObject({ id: '__proto__', title: 'sneaky' });

    const state = client.getSnapshot();
    const table = state.entities.MTodo!;
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.hasOwn(table, '__proto__')).toBe(true);
    expect(Object.hasOwn(state.entitiesMeta.MTodo!, '__proto__')).toBe(true);
    expect(Object.keys(table).sort()).toEqual(['__proto__', 'a']);

    const all = client.controller.get(new All(Todo), client.getSnapshot()) as Todo[];
    expect(all.map((t) => t.id).sort()).toEqual(['__proto__', 'a']);
    expect(client.controller.get(Todo, { id: '__proto__' }, client.getSnapshot())).toMatchObject({ title: 'sneaky' });

    reply = ok([{ id: '__proto__', title: 'listed' }, { id: 'b', title: 'B' }]);
    const listed = await client.controller.fetch(byTag, { tag: '__proto__' });
    expect(listed.map((t: Todo) => t.title)).toEqual(['listed', 'B']);
    const after = client.getSnapshot();
    expect(Object.hasOwn(after.entities.MTodo!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).title).toBeUndefined();

    // A map keyed by "__proto__" (Values) keeps that key too.
    const byKey = new RestEndpoint({ urlPrefix: server.url, path: '/map', schema: new Values(Todo), name: 'byKey' });
    reply = send(200, '{"__proto__":{"id":"m1","title":"M1"},"z":{"id":"m2","title":"M2"}}');
    const map = (await client.controller.fetch(byKey)) as Record<string, Todo>;
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.keys(map)).toEqual(['__proto__', 'z']);
    expect(Object.getOwnPropertyDescriptor(map, '__proto__')?.value).toMatchObject({ title: 'M1' });
  });

  it('a field named "__proto__" stays a field: the entity keeps its class', async () => {
    const { getTodo } = endpoints();
    client = createClient();
    reply = send(200, '{"id":"1","title":"t","__proto__":{"polluted":true,"pk":null}}');
    const todo = (await client.controller.fetch(getTodo, { id: '1' })) as Todo & { polluted?: boolean };
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.pk()).toBe('1');
    expect(todo.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(todo, '__proto__')?.value).toEqual({ polluted: true, pk: null });
  });

  it('ids that are objects or arrays are a SchemaError, never "[object Object]" shared by all', async () => {
    const { listTodos } = endpoints();
    client = createClient();
    for (const body of ['[{"id":{"a":1},"title":"x"},{"id":{"b":2},"title":"y"}]', '[{"id":[1,2],"title":"x"},{"id":"1,2","title":"y"}]']) {
      reply = send(200, body);
      const error = (await client.controller.fetch(listTodos).catch((e: unknown) => e)) as Error;
      expect(error.name).toBe('SchemaError');
      expect(error.message).toMatch(/listTodos: MTodo.*primary key must be a string or number/);
    }
    expect(client.getSnapshot().entities.MTodo).toBeUndefined();
  });

  it('a read of "__proto__" that was never stored is missing, not Object.prototype', async () => {
    const { getTodo } = endpoints();
    client = createClient();
    reply = ok({ id: 'a', title: 'A' });
    await client.controller.fetch(getTodo, { id: 'a' });
    expect(client.controller.get(Todo, { id: '__proto__' }, client.getSnapshot())).toBeUndefined();
    const all = client.controller.get(new All(Todo), client.getSnapshot()) as Todo[];
    expect(all).toHaveLength(1);
  });
});

describe('5. path params cannot traverse', () => {
  it("{ id: '..' } on /users/:id never reaches DELETE /", async () => {
    const del = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'DELETE', name: 'deleteUser' });
    client = createClient();
    reply = (res, url) => send(200, JSON.stringify({ url }))(res, url);
    // URL parsers read %2E%2E as .. too, so these are refused, before any request.
    for (const id of ['..', '.', '']) {
      expect(() => del.url({ id })).toThrow(/deleteUser: path parameter "id"/);
      await expect(client.controller.fetch(del, { id })).rejects.toThrow(/deleteUser: path parameter "id"/);
    }
    expect(server.hits.filter((h) => h.method === 'DELETE')).toHaveLength(0);
    // Anything else stays inside its one segment.
    const seen: string[] = [];
    for (const id of ['../..', '%2e%2e', '..%2F', ' ..']) {
      expect(new URL(del.url({ id })).pathname.split('/')).toHaveLength(3);
      seen.push(((await client.controller.fetch(del, { id })) as { url: string }).url);
    }
    expect(seen).toEqual(['/users/..%2F..', '/users/%252e%252e', '/users/..%252F', '/users/%20..']);
  });

  it('wildcard segments of ., .. or nothing are refused too', () => {
    const files = new RestEndpoint({ urlPrefix: server.url, path: '/files/*path', name: 'files' });
    expect(files.url({ path: ['a', '.b', 'c..'] })).toBe(`${server.url}/files/a/.b/c..`);
    for (const bad of ['..', '.', '']) {
      expect(() => files.url({ path: ['a', bad, 'b'] })).toThrow(/files: path parameter "path".*wildcard segment/);
    }
  });

  it('a lone surrogate is an error naming endpoint and param, delivered as a rejection', async () => {
    const { getTodo } = endpoints();
    client = createClient();
    const error = (await client.controller.fetch(getTodo, { id: 'a\uD800' }).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('getTodo');
    expect(error.message).toContain('"id"');

    const obs = client.observe(getTodo, { id: '\uDC00' });
    obs.subscribe(() => {});
    const snap = await settle(obs);
    expect(snap.error?.message).toContain('"id"');
    expect(server.hits.some((h) => h.url.includes('%EF%BF%BD'))).toBe(false);
  });
});

describe('6. search params and keys', () => {
  it('args equal up to key order at any depth share a key; arrays are repeated keys', async () => {
    // `any`: these calls probe what the runtime does with values the types would refuse.
    const search = new RestEndpoint({ urlPrefix: server.url, path: '/search', name: 'search', searchParams: {} as Record<string, any> });
    expect(search.key({ b: 1, a: 2 })).toBe(search.key({ a: 2, b: 1 }));
    expect(search.url({ tags: ['a', 'b'], q: 'x' })).toBe(`${server.url}/search?q=x&tags=a&tags=b`);
    expect(search.key({ tags: ['a', 'b'] })).not.toBe(search.key({ tags: ['b', 'a'] }));
    expect(search.key({ tags: ['a,b'] })).not.toBe(search.key({ tags: ['a', 'b'] }));
    // null is left out, like undefined (and like a missing optional path param).
    expect(search.url({ q: null, a: 1 })).toBe(`${server.url}/search?a=1`);
    expect(search.key({ q: null })).toBe(search.key({}));
    expect(search.key({ q: null })).not.toBe(search.key({ q: 'null' }));
    // A lone surrogate would become U+FFFD: two values, one URL. Refused instead.
    expect(() => search.url({ q: '\uD800' })).toThrow(/search: search parameter "q".*surrogate/);
    expect(() => search.url({ tags: ['a', null] })).toThrow(/search parameter "tags" \(an array item\) is null/);
    expect(() => search.url({ filter: { a: 1 } })).toThrow(/search.*"filter".*searchToString/);

    client = createClient();
    reply = (res, url) => send(200, JSON.stringify({ url }))(res, url);
    await expect(client.controller.fetch(search, { tags: ['a', 'b'] })).resolves.toEqual({
      url: '/search?tags=a&tags=b',
    });
    await expect(client.controller.fetch(search, { filter: { a: 1 } })).rejects.toThrow(/searchToString/);
  });

  it('an endpoint overriding searchToString may send nested objects; keys follow its output', () => {
    const nested = new RestEndpoint({
      urlPrefix: server.url,
      path: '/search',
      searchParams: {} as { filter: Record<string, number> },
      searchToString(params: Record<string, unknown>) {
        return `q=${encodeURIComponent(JSON.stringify(params))}`;
      },
    });
    expect(nested.key({ filter: { a: 1, b: 2 } })).toBe(nested.key({ filter: { b: 2, a: 1 } }));
    expect(nested.key({ filter: { a: 1 } })).not.toBe(nested.key({ filter: { a: 2 } }));
  });
});

describe('6b. collection keys', () => {
  it('filter args equal up to key order at any depth name one collection; a "__proto__" arg is kept', async () => {
    const byFilter = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      searchParams: {} as Record<string, unknown>,
      searchToString: (params: Record<string, unknown>) => `q=${encodeURIComponent(JSON.stringify(params))}`,
      schema: new Collection([Todo]),
      name: 'byFilter',
    });
    client = createClient();
    reply = ok([{ id: '1', title: 'a' }]);
    await client.controller.fetch(byFilter, { filter: { a: 1, b: 2 } });
    await client.controller.fetch(byFilter, { filter: { b: 2, a: 1 } });
    const protoArgs = JSON.parse('{"__proto__":"x"}') as Record<string, unknown>;
    await client.controller.fetch(byFilter, protoArgs);
    await client.controller.fetch(byFilter, {});
    const keys = Object.keys(client.getSnapshot().entities[byFilter.schema.key]!);
    expect(keys.sort()).toEqual(['{"__proto__":"x"}', '{"filter":{"a":1,"b":2}}', '{}']);
  });
});

describe('7. invalidate during an in-flight read', () => {
  it('the answer of a request started before the invalidation does not make the data valid; a mounted read refetches', async () => {
    const { getTodo } = endpoints();
    client = createClient();
    reply = ok({ id: '1', title: 'v1' });
    const obs = client.observe(getTodo, { id: '1' });
    obs.subscribe(() => {});
    await until(() => obs.getSnapshot().data !== undefined);

    let release!: () => void;
    let n = 0;
    reply = (res) => {
      const title = `v${(n += 1) + 1}`;
      if (n === 1) release = () => ok({ id: '1', title })(res, '');
      else ok({ id: '1', title })(res, '');
    };
    const stale = obs.refetch();
    await until(() => server.hits.length > 0 && n === 1);
    await client.controller.invalidate(getTodo, { id: '1' });
    release();
    await stale;
    // v2 is stored (newer entities are fine) but the result is not valid again...
    const state = client.getSnapshot();
    expect(state.entities.MTodo!['1']).toMatchObject({ title: 'v2' });
    expect(client.controller.getResponse(getTodo, { id: '1' }, state).expiryStatus).toBe(ExpiryStatus.Invalid);
    // ...so the mounted read fetches once more.
    await until(() => n === 2 && obs.getSnapshot().data?.title === 'v3');
    expect(obs.getSnapshot()).toMatchObject({ loading: false, error: undefined });
  });
});
