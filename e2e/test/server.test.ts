import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, SEED_TIME, startServer, type Post, type RunningServer, type Todo } from '../server/index';

let server: RunningServer;
let appDir: string;

beforeAll(async () => {
  appDir = mkdtempSync(join(tmpdir(), 'resto-e2e-static-'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title><div id="app"></div>');
  mkdirSync(join(appDir, 'assets'));
  writeFileSync(join(appDir, 'assets', 'main.js'), 'console.log("hi")');
  server = await startServer({ static: { '/app/': appDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(appDir, { recursive: true, force: true });
});
beforeEach(() => server.reset());

async function api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Access-Token', init.token);
  const res = await fetch(server.url + path, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body };
}

async function login(username = 'alice') {
  const r = await api('/login', { method: 'POST', json: { username, password: DEMO_PASSWORD } });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

describe('startServer', () => {
  it('listens on 127.0.0.1 with a free port', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('accepts a custom seed', async () => {
    const custom = await startServer({
      seed: { todos: [{ id: 7, userId: 1, title: 'Only one', completed: true, updatedAt: SEED_TIME }] },
    });
    try {
      const res = await fetch(custom.url + '/todos');
      expect(await res.json()).toEqual([{ id: 7, userId: 1, title: 'Only one', completed: true, updatedAt: SEED_TIME }]);
    } finally {
      await custom.close();
    }
  });

  it('closes even while a browser-like client keeps a connection alive', async () => {
    const s = await startServer();
    await fetch(s.url + '/time', { keepalive: true });
    await expect(s.close()).resolves.toBeUndefined();
  });
});

describe('users and todos', () => {
  it('lists seeded users with updatedAt', async () => {
    const r = await api('/users');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(5);
    expect(r.body[0]).toEqual({
      id: 1,
      username: 'alice',
      name: 'Alice Archer',
      email: 'alice@example.com',
      updatedAt: SEED_TIME,
    });
  });

  it('is deterministic: every todo has the documented fields', async () => {
    const r = await api('/todos');
    expect(r.body).toHaveLength(20);
    for (const t of r.body as Todo[]) {
      expect(Object.keys(t).sort()).toEqual(['completed', 'id', 'title', 'updatedAt', 'userId']);
    }
    expect((r.body as Todo[]).filter((t) => t.completed).map((t) => t.id)).toEqual([3, 6, 9, 12, 15, 18]);
  });

  it('filters todos by userId and completed', async () => {
    const byUser = await api('/todos?userId=2');
    expect((byUser.body as Todo[]).map((t) => t.id)).toEqual([5, 6, 7, 8]);
    const done = await api('/todos?userId=2&completed=true');
    expect((done.body as Todo[]).map((t) => t.id)).toEqual([6]);
    const open = await api('/todos?completed=false');
    expect((open.body as Todo[]).every((t) => !t.completed)).toBe(true);
    expect(open.body).toHaveLength(14);
    const nested = await api('/users/2/todos?completed=false');
    expect((nested.body as Todo[]).map((t) => t.id)).toEqual([5, 7, 8]);
  });

  it('rejects a bad filter with 400 and a message', async () => {
    const r = await api('/todos?completed=yes');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/completed/);
  });

  it('creates, updates and deletes a todo, stamping updatedAt', async () => {
    const created = await api('/todos', { method: 'POST', json: { title: 'New one', userId: 3 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 21, userId: 3, title: 'New one', completed: false });
    expect(Date.parse(created.body.updatedAt)).toBeGreaterThan(Date.parse(SEED_TIME));

    const patched = await api('/todos/21', { method: 'PATCH', json: { completed: true } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: 21, title: 'New one', completed: true });
    // Strictly later even within the same millisecond: clients order by it.
    expect(patched.body.updatedAt > created.body.updatedAt).toBe(true);

    const put = await api('/todos/21', {
      method: 'PUT',
      json: { id: 21, userId: 1, title: 'Replaced', completed: false },
    });
    expect(put.body).toMatchObject({ id: 21, userId: 1, title: 'Replaced', completed: false });

    const del = await api('/todos/21', { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(del.body).toBe('');
    expect((await api('/todos/21')).status).toBe(404);
    expect((await api('/todos/21', { method: 'DELETE' })).status).toBe(404);
  });

  it('validates bodies with 400 and leaves data untouched', async () => {
    expect((await api('/todos', { method: 'POST', json: { title: '' } })).status).toBe(400);
    const partial = await api('/todos/1', { method: 'PATCH', json: { title: 'Changed', completed: 'yes' } });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/completed/);
    expect((await api('/todos/1')).body.title).toBe('Buy milk');
    const put = await api('/todos/1', { method: 'PUT', json: { title: 'No flag' } });
    expect(put.status).toBe(400);
  });

  it('answers 400 on a malformed JSON body', async () => {
    const r = await api('/todos', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title": "oops"',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Malformed JSON/);
  });

  it('answers 404 and 405 as JSON', async () => {
    const missing = await api('/todos/999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Todo 999 not found' });
    const unknown = await api('/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Not found/);
    const wrong = await api('/users', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('reset() restores the seed', async () => {
    await api('/todos/1', { method: 'DELETE' });
    expect((await api('/todos')).body).toHaveLength(19);
    server.reset();
    expect((await api('/todos')).body).toHaveLength(20);
  });
});

describe('posts', () => {
  it('pages posts 5 at a time with paging headers', async () => {
    const p1 = await api('/posts?page=1');
    expect((p1.body as Post[]).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(p1.headers.get('x-total-count')).toBe('12');
    expect(p1.headers.get('x-page-count')).toBe('3');
    expect(p1.headers.get('link')).toBe('</posts?page=2>; rel="next"');
    const p3 = await api('/posts?page=3');
    expect((p3.body as Post[]).map((p) => p.id)).toEqual([11, 12]);
    expect(p3.headers.get('link')).toBeNull();
    expect((await api('/posts?page=4')).body).toEqual([]);
    expect((await api('/posts')).body).toEqual(p1.body);
    expect((await api('/posts?page=0')).status).toBe(400);
  });

  it('nests the author and comments with their own authors', async () => {
    const r = await api('/posts/1');
    const post = r.body as Post;
    expect(post.author).toMatchObject({ id: 1, username: 'alice' });
    expect(post.comments).toHaveLength(2);
    expect(post.comments[0]).toMatchObject({ id: 1, postId: 1, author: { id: 2, username: 'bob' } });
    expect(post.comments[1]!.author).toMatchObject({ id: 3 });
    expect(post.updatedAt).toBe(SEED_TIME);
  });

  it('shows an edited user inside every post it authored', async () => {
    await api('/users/1', { method: 'PATCH', json: { name: 'Alice Renamed' } });
    const list = (await api('/posts?page=2')).body as Post[];
    const byAlice = list.filter((p) => p.author.id === 1);
    expect(byAlice.length).toBeGreaterThan(0);
    expect(byAlice.every((p) => p.author.name === 'Alice Renamed')).toBe(true);
  });

  it('edits a post title', async () => {
    const r = await api('/posts/2', { method: 'PATCH', json: { title: 'Edited' } });
    expect(r.body).toMatchObject({ id: 2, title: 'Edited', author: { id: 2 } });
    expect(((await api('/posts?page=1')).body as Post[])[1]!.title).toBe('Edited');
  });
});

describe('auth', () => {
  it('logs in and reads /me with the access token', async () => {
    const r = await api('/login', { method: 'POST', json: { username: 'bob', password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(typeof r.body.accessToken).toBe('string');
    expect(r.body.user).toMatchObject({ id: 2, username: 'bob' });
    expect(Date.parse(r.body.expiresAt)).toBeGreaterThan(Date.now());
    const me = await api('/me', { token: r.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 2, username: 'bob' });
  });

  it('rejects wrong credentials with 401 and missing fields with 400', async () => {
    const wrong = await api('/login', { method: 'POST', json: { username: 'bob', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect((await api('/login', { method: 'POST', json: { username: 'bob' } })).status).toBe(400);
  });

  it('answers 401 on /me without, with a bad, or with an expired token', async () => {
    expect(await api('/me')).toMatchObject({ status: 401, body: { message: 'Access token missing' } });
    expect(await api('/me', { token: 'forged' })).toMatchObject({ status: 401, body: { message: 'Access token invalid' } });
    const token = await login();
    expect((await api('/me', { token })).status).toBe(200);
    expect((await api('/__test/expire-tokens', { method: 'POST' })).status).toBe(204);
    expect(await api('/me', { token })).toMatchObject({ status: 401, body: { message: 'Access token expired' } });
    // A fresh login works again after expiry.
    expect((await api('/me', { token: await login() })).status).toBe(200);
  });

  it('expires tokens by TTL', async () => {
    const short = await startServer({ tokenTtlMs: 50 });
    // Only Date is fake (the server runs in this process): the TTL passes when the test says.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const r = await fetch(short.url + '/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'alice', password: DEMO_PASSWORD }),
      });
      const { accessToken } = await r.json();
      vi.setSystemTime(Date.now() + 49);
      expect((await fetch(short.url + '/me', { headers: { 'Access-Token': accessToken } })).status).toBe(200);
      vi.setSystemTime(Date.now() + 1);
      const me = await fetch(short.url + '/me', { headers: { 'Access-Token': accessToken } });
      expect(me.status).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('allows anonymous mutations but refuses an expired token on them', async () => {
    expect((await api('/todos/1', { method: 'PATCH', json: { completed: true } })).status).toBe(200);
    const token = await login('carol');
    const created = await api('/todos', { method: 'POST', json: { title: 'Mine' }, token });
    expect(created.body.userId).toBe(3); // owner taken from the token
    server.expireTokens();
    const r = await api('/todos/1', { method: 'PATCH', json: { completed: false }, token });
    expect(r).toMatchObject({ status: 401, body: { message: 'Access token expired' } });
    expect((await api('/todos/1')).body.completed).toBe(true);
  });

  it('logout revokes the token', async () => {
    const token = await login();
    expect((await api('/logout', { method: 'POST', token })).status).toBe(204);
    expect((await api('/me', { token })).status).toBe(401);
  });
});

describe('special endpoints', () => {
  it('/time returns the server time', async () => {
    const before = Date.now();
    const r = await api('/time');
    expect(r.body.epochMs).toBeGreaterThanOrEqual(before);
    expect(Date.parse(r.body.time)).toBe(r.body.epochMs);
  });

  it('/slow waits the requested time', async () => {
    const start = Date.now();
    const r = await api('/slow?ms=200');
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
    expect(r.body.ms).toBe(200);
    expect((await api('/slow?ms=-1')).status).toBe(400);
  });

  it('/flaky fails every other call with 500', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('/flaky')).status);
    expect(statuses).toEqual([200, 500, 200, 500]);
    expect((await api('/flaky')).body).toEqual({ ok: true, call: 5 });
    server.reset();
    expect((await api('/flaky')).status).toBe(200);
  });

  it('fail-next makes exactly the next matching request fail', async () => {
    const set = await api('/__test/fail-next', { method: 'POST', json: { method: 'PATCH', path: '/todos/2', status: 503 } });
    expect(set.status).toBe(204);
    // Other routes and methods are not affected.
    expect((await api('/todos/2')).status).toBe(200);
    expect((await api('/todos/3', { method: 'PATCH', json: { title: 'x' } })).status).toBe(200);
    const failed = await api('/todos/2', { method: 'PATCH', json: { completed: true } });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toMatch(/Injected failure/);
    // The failed mutation changed nothing.
    expect((await api('/todos/2')).body.completed).toBe(false);
    expect((await api('/todos/2', { method: 'PATCH', json: { completed: true } })).status).toBe(200);
  });

  it('fail-next defaults to 500 and supports several times', async () => {
    server.failNext({ method: 'get', path: '/users', times: 2 });
    expect((await api('/users')).status).toBe(500);
    expect((await api('/users')).status).toBe(500);
    expect((await api('/users')).status).toBe(200);
  });

  it('delay-next slows down the next matching request', async () => {
    await api('/__test/delay-next', { method: 'POST', json: { method: 'GET', path: '/todos', ms: 200 } });
    let start = Date.now();
    await api('/todos');
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
    start = Date.now();
    await api('/todos');
    expect(Date.now() - start).toBeLessThan(190);
  });

  it('serves a text download with Content-Disposition', async () => {
    const res = await fetch(server.url + '/files/report.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report.txt"');
    expect(await res.text()).toMatch(/^Resto report/);
  });

  it('serves a binary blob byte for byte', async () => {
    const res = await fetch(server.url + '/files/data.bin');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = new Uint8Array(await (await res.blob()).arrayBuffer());
    expect(bytes).toHaveLength(256);
    expect([...bytes]).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });
});

describe('request log', () => {
  it('counts requests by method and path segment prefix', async () => {
    await api('/todos');
    await api('/todos?completed=true');
    await api('/todos/1');
    await api('/todos/1', { method: 'PATCH', json: { title: 'T' } });
    await api('/users');
    expect(server.requests.count('GET', '/todos')).toBe(3);
    expect(server.requests.count('get', '/todos/1')).toBe(1);
    expect(server.requests.count('PATCH')).toBe(1);
    expect(server.requests.count(undefined, '/todos')).toBe(4);
    expect(server.requests.count('GET', '/todos', { completed: 'true' })).toBe(1);
    expect(server.requests.count()).toBe(5);
    const [first] = server.requests.all();
    expect(first).toMatchObject({ method: 'GET', path: '/todos', query: {}, status: 200, token: false });
  });

  it('does not match a longer segment as a prefix', async () => {
    await api('/todosx');
    expect(server.requests.count('GET', '/todos')).toBe(0);
  });

  it('records status and token use', async () => {
    const token = await login();
    await api('/me', { token });
    await api('/todos/999');
    expect(server.requests.filter({ path: '/me' })[0]).toMatchObject({ status: 200, token: true });
    expect(server.requests.filter({ path: '/todos' })[0]).toMatchObject({ status: 404 });
  });

  it('exposes and clears the log over HTTP without logging the control calls', async () => {
    await api('/todos');
    await api('/todos/2');
    await api('/users');
    const all = await api('/__test/requests');
    expect(all.body.count).toBe(3);
    const some = await api('/__test/requests?method=GET&path=/todos');
    expect(some.body.count).toBe(2);
    expect(some.body.requests.map((r: { path: string }) => r.path)).toEqual(['/todos', '/todos/2']);
    expect((await api('/__test/requests', { method: 'DELETE' })).status).toBe(204);
    expect((await api('/__test/requests')).body.count).toBe(0);
  });

  it('POST /__test/reset resets data, log and tokens', async () => {
    const token = await login();
    await api('/todos/1', { method: 'DELETE' });
    expect((await api('/__test/reset', { method: 'POST' })).status).toBe(204);
    expect(server.requests.count()).toBe(0);
    expect((await api('/todos/1')).status).toBe(200);
    expect((await api('/me', { token })).status).toBe(401);
  });
});

describe('CORS', () => {
  it('answers a preflight allowing Access-Token and Content-Type', async () => {
    const res = await fetch(server.url + '/todos/1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'access-token, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    expect(allowed).toContain('access-token');
    expect(allowed).toContain('content-type');
  });

  it('sends CORS headers on normal and error responses', async () => {
    const ok = await fetch(server.url + '/todos', { headers: { Origin: 'http://other.test' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://other.test');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/);
    const err = await fetch(server.url + '/me', { headers: { Origin: 'http://other.test' } });
    expect(err.status).toBe(401);
    expect(err.headers.get('access-control-allow-origin')).toBe('http://other.test');
  });
});

describe('static apps', () => {
  it('serves files under the mount with content types', async () => {
    const html = await fetch(server.url + '/app/');
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('<div id="app">');
    const js = await fetch(server.url + '/app/assets/main.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toBe('console.log("hi")');
  });

  it('falls back to index.html for client-side routes', async () => {
    const res = await fetch(server.url + '/app/todos/3');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="app">');
  });

  it('redirects the bare prefix and 404s missing assets', async () => {
    const res = await fetch(server.url + '/app', { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/app/');
    const missing = await fetch(server.url + '/app/assets/missing.js');
    expect(missing.status).toBe(404);
  });

  it('never serves files outside the mounted directory', async () => {
    // Encoded slashes survive URL normalization and decode to '../' inside the handler.
    writeFileSync(join(appDir, '..', 'resto-secret.txt'), 'secret');
    try {
      const res = await fetch(server.url + '/app/..%2fresto-secret.txt');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toBe('secret');
    } finally {
      rmSync(join(appDir, '..', 'resto-secret.txt'), { force: true });
    }
  });

  it('lists mounted apps on /', async () => {
    const res = await fetch(server.url + '/');
    expect(await res.text()).toContain('href="/app/"');
  });
});
