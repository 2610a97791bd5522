import type { ServerResponse } from 'node:http';
import { startServer } from '@resto/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Collection,
  createClient,
  Entity,
  NetworkManager,
  resource,
  RestEndpoint,
  Union,
  Values,
  type Client,
  type EndpointObserver,
} from '../../src';

// Random answers of a real server against random schemas, through a real client.
// Each case stores good data first (or not), lets the server answer anything, and
// checks what the user can see once nothing is in flight.

class PUser extends Entity {
  id = '';
  name = '';
  static override key = 'PfUser';
}
class PPost extends Entity {
  id = '';
  title = '';
  author: PUser | null = null;
  static override key = 'PfPost';
  static override schema = { author: PUser };
}

/** Schemas an endpoint may declare, each with one answer that fits it. */
const shapes: { name: string; schema: () => unknown; valid: unknown }[] = [
  { name: 'Entity', schema: () => PUser, valid: { id: 'u1', name: 'Ada' } },
  { name: '[Entity]', schema: () => [PUser], valid: [{ id: 'u1', name: 'Ada' }, { id: 'u2', name: 'Bo' }] },
  {
    name: 'nested Entity',
    schema: () => PPost,
    valid: { id: 'p1', title: 'T', author: { id: 'u1', name: 'Ada' } },
  },
  {
    name: 'object',
    schema: () => ({ user: PUser, posts: [PPost] }),
    valid: { user: { id: 'u1', name: 'Ada' }, posts: [{ id: 'p1', title: 'T', author: { id: 'u2', name: 'Bo' } }] },
  },
  { name: 'Values', schema: () => new Values(PUser), valid: { a: { id: 'u1', name: 'Ada' } } },
  { name: 'Collection', schema: () => new Collection([PPost]), valid: [{ id: 'p1', title: 'T', author: null }] },
  {
    name: 'Union',
    schema: () => new Union({ user: PUser, post: PPost }, 'type'),
    valid: { id: 'u1', name: 'Ada', type: 'user' },
  },
];

/** Bodies a misbehaving server sends. */
type Reply = { status: number; type: string | undefined; body: string; cut?: boolean };

const idLike = fc.oneof(
  fc.constantFrom('u1', 'u2', 'p1', '__proto__', 'constructor', '', 'toString', '0'),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(null, true, { a: 1 }, [1, 2]),
);
const userLike = fc.record(
  { id: idLike, name: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })), type: fc.constantFrom('user', 'post', 'x') },
  { requiredKeys: [] },
);
const postLike = fc.record(
  {
    id: idLike,
    title: fc.string(),
    author: fc.oneof(userLike, idLike, fc.jsonValue({ maxDepth: 1 })),
    type: fc.constantFrom('post', 'user'),
  },
  { requiredKeys: [] },
);
/** JSON that is near what the schemas expect, plus anything at all. */
const plausible = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  userLike,
  postLike,
  fc.array(fc.oneof(userLike, postLike, idLike), { maxLength: 4 }),
  fc.record({ user: fc.oneof(userLike, idLike), posts: fc.oneof(fc.array(postLike, { maxLength: 3 }), idLike) }),
  fc.dictionary(fc.constantFrom('a', 'b', '__proto__', 'constructor'), fc.oneof(userLike, idLike), { maxKeys: 3 }),
);
const replies: fc.Arbitrary<Reply> = fc.oneof(
  { weight: 6, arbitrary: plausible.map((v) => ({ status: 200, type: 'application/json', body: JSON.stringify(v) })) },
  {
    weight: 2,
    arbitrary: fc.record({
      status: fc.constantFrom(200, 201, 204, 400, 401, 404, 500, 503),
      type: fc.constantFrom('application/json', 'text/html', 'text/plain', undefined),
      body: fc.constantFrom('', 'null', '{"id":', '<!doctype html>', '"oops"', '42', 'true', '[]', '{}', '{"__proto__":{"id":"x"}}'),
    }),
  },
  { weight: 1, arbitrary: plausible.map((v) => ({ status: 200, type: 'application/json', body: JSON.stringify(v), cut: true })) },
);

let current: Reply = { status: 200, type: 'application/json', body: 'null' };
let server: Awaited<ReturnType<typeof startServer>>;

function answer(res: ServerResponse) {
  const { status, type, body, cut } = current;
  const headers: Record<string, string> = type ? { 'content-type': type } : {};
  if (cut) {
    // Promise more than is sent, then drop the socket: the body breaks off.
    res.writeHead(status, { ...headers, 'content-length': String(body.length + 100) });
    res.write(body.slice(0, Math.floor(body.length / 2)));
    res.socket?.destroy();
    return;
  }
  res.writeHead(status, headers).end(status === 204 ? undefined : body);
}

beforeAll(async () => {
  server = await startServer({
    'GET *': (_hit, res) => answer(res),
    'POST *': (_hit, res) => answer(res),
    'DELETE *': (_hit, res) => answer(res),
  });
});
afterAll(() => server.close());

const tick = () => new Promise((r) => setTimeout(r, 0));

/** Waits until no request is in flight for a few turns of the event loop. */
async function quiescent(client: Client) {
  const network = client.managers.find((m): m is NetworkManager => m instanceof NetworkManager)!;
  for (let calm = 0; calm < 3; ) {
    await tick();
    calm = network.pending === 0 ? calm + 1 : 0;
  }
}

describe('property: whatever the server answers', () => {
  it('nothing throws outside a promise, no read is left loading with nothing in flight, stored data is never lost', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(shapes.length - 1),
        fc.constantFrom('fresh', 'invalidated', 'empty'),
        fc.boolean(),
        replies,
        async (shapeIndex, mode, nullable, reply) => {
          const shape = shapes[shapeIndex]!;
          const endpoint = new RestEndpoint({
            urlPrefix: server.url,
            path: '/things/:id',
            schema: shape.schema(),
            name: `get ${shape.name}`,
            nullable,
          });
          const args = [{ id: String((n += 1)) }] as const;
          const key = endpoint.key(...args);
          // One try per read: this is about loops; a 5xx's retries are counted in the freshness tests.
          const client = createClient({ retry: 0 });
          try {
            if (mode !== 'empty') await client.controller.setResponse(endpoint, ...args, structuredClone(shape.valid));
            if (mode === 'invalidated') await client.controller.invalidate(endpoint, ...args);
            const before = client.getSnapshot();
            const hitsBefore = server.hits.length;
            current = reply;

            const obs: EndpointObserver = client.observe(endpoint, ...args);
            const stop = obs.subscribe(() => obs.getSnapshot());
            if (mode === 'fresh') void obs.refetch();
            await quiescent(client);

            // A read that fetches again and again would be a loop, not an answer.
            expect(server.hits.length - hitsBefore).toBeLessThanOrEqual(2);
            const snap = obs.getSnapshot();
            expect(snap.loading).toBe(false);
            expect(snap.data !== undefined || snap.error !== undefined).toBe(true);
            if (snap.error) expect(snap.error.message).toContain(endpoint.name);

            const after = client.getSnapshot();
            // No stored entity disappears, whatever came back.
            for (const [entityKey, table] of Object.entries(before.entities)) {
              for (const pk of Object.keys(table!)) {
                expect(Object.hasOwn(after.entities[entityKey]!, pk)).toBe(true);
              }
            }
            if (after.meta[key]?.error) {
              // A failed answer changes nothing stored but the error.
              expect(after.entities).toBe(before.entities);
              expect(after.endpoints).toBe(before.endpoints);
              if (mode === 'fresh') expect(snap.data).toBeDefined();
            }
            stop();
          } finally {
            client.destroy();
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 180_000);
});

describe('property: whatever the server answers to a mutation', () => {
  it('a list read keeps every item it had, and a failed push changes nothing', async () => {
    const Posts = resource({ urlPrefix: server.url, path: '/posts/:id', schema: PPost });
    const seed = [
      { id: 'p1', title: 'one', author: { id: 'u1', name: 'Ada' } },
      { id: 'p2', title: 'two', author: null },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('push', 'unshift', 'partialUpdate', 'delete'), replies, async (member, reply) => {
        const client = createClient();
        try {
          await client.controller.setResponse(Posts.getList, structuredClone(seed));
          const list = client.observe(Posts.getList);
          const stop = list.subscribe(() => list.getSnapshot());
          const before = client.getSnapshot();
          current = reply;
          const endpoint: any =
            member === 'push' ? Posts.getList.push : member === 'unshift' ? Posts.getList.unshift : (Posts as any)[member];
          const args = member === 'delete' ? [{ id: 'p1' }] : member === 'partialUpdate' ? [{ id: 'p1' }, { title: 'x' }] : [{ title: 'x' }];
          let settled = false;
          const done = client.controller.fetch(endpoint, ...args).then(
            () => 'ok',
            (error: Error) => {
              if (error.name !== 'AbortError') expect(error.message).toMatch(/^PfPost\.|PfPost/);
              return 'error';
            },
          );
          void done.finally(() => (settled = true));
          const outcome = await done;
          expect(settled || outcome).toBeTruthy();
          await quiescent(client);

          const snap = list.getSnapshot();
          expect(snap.loading).toBe(false);
          const after = client.getSnapshot();
          if (outcome === 'error') {
            expect(after.entities).toBe(before.entities);
            expect(after.endpoints).toBe(before.endpoints);
          }
          // Items leave a list only by a delete that succeeded.
          const ids = ((snap.data ?? []) as PPost[]).map((p) => p.id);
          for (const { id } of seed) if (!(member === 'delete' && id === 'p1' && outcome === 'ok')) expect(ids).toContain(id);
          stop();
        } finally {
          client.destroy();
        }
      }),
      { numRuns: 250 },
    );
  }, 180_000);
});

const segmentValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('.', '..', '', '/', '../..', '%2e%2e', '%2E.', '..%2f', '\\..', '?', '#', '\uD800', 'a\uDC00b', ' '),
  fc.integer(),
);
const templates = [
  { path: '/users/:id', names: ['id'] },
  { path: '/users/:id/posts/:post', names: ['id', 'post'] },
  { path: '/:a/:b/:c', names: ['a', 'b', 'c'] },
] as const;

describe('property: path params', () => {
  it('a URL has the template segment count and decodes back to the params, or the call fails naming the param', () => {
    fc.assert(
      fc.property(fc.nat(templates.length - 1), fc.array(segmentValue, { minLength: 3, maxLength: 3 }), (t, values) => {
        const { path, names } = templates[t]!;
        const endpoint = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path, name: 'ep' });
        const params = Object.fromEntries(names.map((name, i) => [name, values[i]]));
        let url: string;
        try {
          url = endpoint.url(params);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/^ep: path parameter "(id|post|a|b|c)"/);
          return;
        }
        const segments = new URL(url).pathname.split('/');
        expect(segments).toHaveLength(path.split('/').length);
        const templateSegments = path.split('/');
        templateSegments.forEach((segment, i) => {
          if (!segment.startsWith(':')) return expect(segments[i]).toBe(segment);
          expect(decodeURIComponent(segments[i]!)).toBe(String(params[segment.slice(1)]));
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('what a real server receives has the template segment count (DELETE never climbs)', async () => {
    // A server of its own: the shared one's kept-alive connection, idle while the synchronous
    // property above ran (seconds on a busy machine), may be closed by the server just as this
    // test's first request goes out on it (a transport failure, no path error); and a request
    // an earlier test's client sent may reach the shared one late, counted as this test's.
    const own = await startServer({ 'DELETE *': (_hit, res) => void res.writeHead(204).end() });
    const del = new RestEndpoint({ urlPrefix: own.url, path: '/users/:id', method: 'DELETE', name: 'del' });
    const client = createClient();
    try {
      await fc.assert(
        fc.asyncProperty(segmentValue, async (id) => {
          const hits = own.hits.length;
          const sent = await client.controller.fetch(del, { id: id as string }).then(
            () => true,
            (error: Error) => {
              expect(error.message).toMatch(/^del: path parameter "id"/);
              return false;
            },
          );
          expect(own.hits.length - hits).toBe(sent ? 1 : 0);
          if (sent) expect(own.hits.at(-1)!.url.split('?')[0]!.split('/')).toHaveLength(3);
        }),
        { numRuns: 300 },
      );
    } finally {
      client.destroy();
      await own.close();
    }
  });
});

/** Shuffles own keys at every depth: equal data, different insertion order. */
function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => shuffleKeys(v, seed + i));
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const order = keys.map((k, i) => [k, (i * 7919 + seed * 104729) % 1009] as const).sort((a, b) => a[1] - b[1]);
  // fromEntries defines own keys: a "__proto__" key stays a key instead of setting the prototype.
  return Object.fromEntries(order.map(([k]) => [k, shuffleKeys((value as Record<string, unknown>)[k], seed + 1)]));
}

const searchKey = fc.string({ minLength: 1, maxLength: 4 }).filter((k) => k !== '__proto__');
const searchValue = fc.oneof(fc.string({ maxLength: 5 }), fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 3 }));
const flatArgs = fc.dictionary(searchKey, searchValue, { maxKeys: 4 });

describe('property: search params and keys', () => {
  const search = new RestEndpoint({
    urlPrefix: 'http://127.0.0.1:9',
    path: '/search',
    name: 'search',
    searchParams: {} as Record<string, string | string[]>,
  });

  it('args equal up to key order share one key; args that differ never do', () => {
    fc.assert(
      fc.property(flatArgs, flatArgs, fc.nat(), (a, b, seed) => {
        expect(search.key(shuffleKeys(a, seed) as typeof a)).toBe(search.key(a));
        // What is sent: one (name, value) pair per scalar or array item, names sorted.
        // `{ t: ['x'] }` and `{ t: 'x' }` send the same request, so they may share a key.
        const sent = (x: Record<string, string | string[]>) =>
          JSON.stringify(Object.keys(x).sort().flatMap((k) => [x[k]!].flat().map((item) => [k, item])));
        expect(search.key(a) === search.key(b)).toBe(sent(a) === sent(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('a changed value, a moved array item or a split item gives another key', () => {
    fc.assert(
      fc.property(
        flatArgs.filter((a) => Object.keys(a).length > 0),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 3 }),
        (a, pick, extra) => {
          const keys = Object.keys(a);
          const k = keys[pick % keys.length]!;
          const v = a[k]!;
          const changed = Array.isArray(v) ? [...v, extra] : `${v}${extra}`;
          expect(search.key({ ...a, [k]: changed })).not.toBe(search.key(a));
          if (Array.isArray(v) && v.length > 1 && v[0] !== v[1]) {
            expect(search.key({ ...a, [k]: [v[1]!, v[0]!, ...v.slice(2)] })).not.toBe(search.key(a));
            expect(search.key({ ...a, [k]: [v.join(',')] })).not.toBe(search.key(a));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('with a searchToString for nested data, key order at any depth does not matter', () => {
    const nested = new RestEndpoint({
      urlPrefix: 'http://127.0.0.1:9',
      path: '/search',
      searchParams: {} as Record<string, unknown>,
      searchToString: (params: Record<string, unknown>) => `q=${encodeURIComponent(JSON.stringify(params))}`,
    });
    fc.assert(
      fc.property(fc.dictionary(searchKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }), fc.nat(), (a, seed) => {
        expect(nested.key(shuffleKeys(a, seed) as typeof a)).toBe(nested.key(a));
      }),
      { numRuns: 1000 },
    );
  });
});
