// The e2e REST server: node:http, in-memory seeded data, request counting and
// test controls. Used by the browser tests, the demo and anyone who wants a
// realistic API on 127.0.0.1 without setup.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Db, defaultSeed, type Seed, type Todo, type User } from './data';
import { RequestLog } from './requests';
import { createStaticHandler, type StaticMounts } from './static';

export { defaultSeed, DEMO_PASSWORD, SEED_TIME } from './data';
export type { Comment, Post, Seed, Todo, User } from './data';
export { RequestLog, matchesPrefix, type LoggedRequest, type RequestFilter } from './requests';

export interface ServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Replace parts of the default data; reset() returns to this. */
  seed?: Partial<Seed>;
  /** Posts per page for GET /posts?page=N. Default 5. */
  pageSize?: number;
  /** Access token lifetime. Default one hour; tests expire tokens explicitly. */
  tokenTtlMs?: number;
  /** URL prefix -> directory of a built app, e.g. { '/react/': 'apps/react/dist' }. */
  static?: StaticMounts;
  /** Print one line per request (the CLI turns this on). */
  log?: boolean;
}

export interface FailRule {
  method: string;
  path: string;
  status?: number;
  message?: string;
  /** How many matching requests fail. Default 1. */
  times?: number;
}

export interface DelayRule {
  method: string;
  path: string;
  ms: number;
  times?: number;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:43123 (no trailing slash) */
  url: string;
  port: number;
  close(): Promise<void>;
  requests: RequestLog;
  /** Back to the seed: data, tokens, request log, /flaky counter, fail/delay rules. */
  reset(): void;
  expireTokens(): void;
  failNext(rule: FailRule): void;
  delayNext(rule: DelayRule): void;
  /** Live tables, for assertions that look behind the API. */
  readonly db: Db;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  params: string[];
  body(): Promise<Record<string, unknown>>;
}

type Handler = (ctx: Ctx) => unknown | Promise<unknown>;

/** Returned by handlers that already wrote their own response. */
const HANDLED = Symbol('handled');
/** Handlers return this for 204 No Content. */
const NO_CONTENT = Symbol('no content');

const MAX_BODY = 1 << 20;

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Access-Token, Content-Type',
  // Cross-origin apps must be able to read the download name and paging info.
  'Access-Control-Expose-Headers': 'Content-Disposition, X-Total-Count, X-Page-Count, Link',
  'Access-Control-Max-Age': '600',
};

const REPORT_TXT = ['Resto report', '============', 'todos: 20', 'posts: 12', 'status: all good', ''].join('\n');

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const pageSize = options.pageSize ?? 5;
  const tokenTtlMs = options.tokenTtlMs ?? 60 * 60 * 1000;
  const seed: Seed = { ...defaultSeed(), ...options.seed };
  const staticFiles = createStaticHandler(options.static ?? {});
  const requests = new RequestLog();

  let db = new Db(seed);
  let tokens = new Map<string, { userId: number; expiresAt: number }>();
  let tokenCounter = 0;
  let flakyCalls = 0;
  let failRules: Array<Required<FailRule>> = [];
  let delayRules: Array<Required<DelayRule>> = [];

  function reset() {
    db = new Db(seed);
    tokens = new Map();
    tokenCounter = 0;
    flakyCalls = 0;
    failRules = [];
    delayRules = [];
    requests.clear();
  }
  function expireTokens() {
    for (const t of tokens.values()) t.expiresAt = 0;
  }
  function failNext(rule: FailRule) {
    failRules.push({
      method: rule.method.toUpperCase(),
      path: rule.path,
      status: rule.status ?? 500,
      message: rule.message ?? `Injected failure for ${rule.method.toUpperCase()} ${rule.path}`,
      times: rule.times ?? 1,
    });
  }
  function delayNext(rule: DelayRule) {
    delayRules.push({ method: rule.method.toUpperCase(), path: rule.path, ms: rule.ms, times: rule.times ?? 1 });
  }
  /** Consumes one use of the first rule that matches. */
  function take<R extends { method: string; path: string; times: number }>(rules: R[], method: string, path: string) {
    const i = rules.findIndex((r) => r.method === method && r.path === path);
    if (i < 0) return undefined;
    const r = rules[i]!;
    if (--r.times <= 0) rules.splice(i, 1);
    return r;
  }

  // ---- auth ---------------------------------------------------------------

  function userFromToken(ctx: Ctx, required: boolean): User | null {
    const raw = ctx.req.headers['access-token'];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) {
      if (required) throw new HttpError(401, 'Access token missing');
      return null;
    }
    const t = tokens.get(token);
    if (!t) throw new HttpError(401, 'Access token invalid');
    if (t.expiresAt <= Date.now()) throw new HttpError(401, 'Access token expired');
    const u = db.users.get(t.userId);
    if (!u) throw new HttpError(401, 'Access token invalid');
    return u;
  }
  // Mutations accept anonymous calls so the demo works before logging in, but a
  // token that IS sent must be valid: that is how a logged-in app meets a 401.
  const optionalUser = (ctx: Ctx) => userFromToken(ctx, false);
  const requireUser = (ctx: Ctx) => userFromToken(ctx, true) as User;

  // ---- validation helpers -------------------------------------------------

  function id(ctx: Ctx, i = 0): number {
    const n = Number(ctx.params[i]);
    if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, `Invalid id: ${ctx.params[i]}`);
    return n;
  }
  function found<T>(v: T | undefined, what: string, n: number): T {
    if (v === undefined) throw new HttpError(404, `${what} ${n} not found`);
    return v;
  }
  function str(body: Record<string, unknown>, key: string, required: boolean): string | undefined {
    const v = body[key];
    if (v === undefined) {
      if (required) throw new HttpError(400, `Field "${key}" is required`);
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') throw new HttpError(400, `Field "${key}" must be a non-empty string`);
    return v.trim();
  }
  function bool(body: Record<string, unknown>, key: string, required: boolean): boolean | undefined {
    const v = body[key];
    if (v === undefined) {
      if (required) throw new HttpError(400, `Field "${key}" is required`);
      return undefined;
    }
    if (typeof v !== 'boolean') throw new HttpError(400, `Field "${key}" must be a boolean`);
    return v;
  }
  function userId(body: Record<string, unknown>, required: boolean): number | undefined {
    const v = body.userId;
    if (v === undefined) {
      if (required) throw new HttpError(400, 'Field "userId" is required');
      return undefined;
    }
    if (typeof v !== 'number' || !db.users.has(v)) throw new HttpError(400, `Field "userId" must be an existing user id`);
    return v;
  }
  function filterTodos(query: URLSearchParams, forUser?: number): Todo[] {
    let list = [...db.todos.values()];
    const uid = forUser ?? (query.has('userId') ? Number(query.get('userId')) : undefined);
    if (uid !== undefined) {
      if (!Number.isInteger(uid)) throw new HttpError(400, `Invalid userId: ${query.get('userId')}`);
      list = list.filter((t) => t.userId === uid);
    }
    const completed = query.get('completed');
    if (completed !== null) {
      if (completed !== 'true' && completed !== 'false') {
        throw new HttpError(400, `Invalid completed: ${completed} (use true or false)`);
      }
      list = list.filter((t) => t.completed === (completed === 'true'));
    }
    return list.sort((a, b) => a.id - b.id).map((t) => ({ ...t }));
  }
  async function updateTodo(ctx: Ctx, full: boolean) {
    optionalUser(ctx);
    const n = id(ctx);
    const todo = found(db.todos.get(n), 'Todo', n);
    const body = await ctx.body();
    const title = str(body, 'title', full);
    const completed = bool(body, 'completed', full);
    const uid = userId(body, full);
    if (title !== undefined) todo.title = title;
    if (completed !== undefined) todo.completed = completed;
    if (uid !== undefined) todo.userId = uid;
    todo.updatedAt = db.stamp();
    return { ...todo };
  }
  async function updateUser(ctx: Ctx, full: boolean) {
    optionalUser(ctx);
    const n = id(ctx);
    const user = found(db.users.get(n), 'User', n);
    const body = await ctx.body();
    const name = str(body, 'name', full);
    const email = str(body, 'email', full);
    if (name !== undefined) user.name = name;
    if (email !== undefined) user.email = email;
    user.updatedAt = db.stamp();
    return { ...user };
  }
  async function updatePost(ctx: Ctx, full: boolean) {
    optionalUser(ctx);
    const n = id(ctx);
    const post = found(db.posts.get(n), 'Post', n);
    const body = await ctx.body();
    const title = str(body, 'title', full);
    const text = str(body, 'body', full);
    if (title !== undefined) post.title = title;
    if (text !== undefined) post.body = text;
    post.updatedAt = db.stamp();
    return db.renderPost(post);
  }

  // ---- routes ---------------------------------------------------------------

  const routes: Array<[method: string, pattern: RegExp, handler: Handler]> = [];
  const route = (method: string, path: string, handler: Handler) => {
    // ':id' segments become captures; everything else is literal.
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)');
    routes.push([method, new RegExp(`^${source}/?$`), handler]);
  };

  route('GET', '/users', () => [...db.users.values()].sort((a, b) => a.id - b.id).map((u) => ({ ...u })));
  route('GET', '/users/:id', (ctx) => ({ ...found(db.users.get(id(ctx)), 'User', id(ctx)) }));
  route('PATCH', '/users/:id', (ctx) => updateUser(ctx, false));
  route('PUT', '/users/:id', (ctx) => updateUser(ctx, true));
  route('GET', '/users/:id/todos', (ctx) => {
    const n = id(ctx);
    found(db.users.get(n), 'User', n);
    return filterTodos(ctx.query, n);
  });

  route('POST', '/login', async (ctx) => {
    const body = await ctx.body();
    const username = str(body, 'username', true)!;
    const password = typeof body.password === 'string' ? body.password : undefined;
    if (password === undefined) throw new HttpError(400, 'Field "password" is required');
    const user = [...db.users.values()].find((u) => u.username === username);
    if (!user || password !== db.password) throw new HttpError(401, 'Invalid username or password');
    const accessToken = `tok-${++tokenCounter}-${user.id}-${Math.random().toString(36).slice(2, 10)}`;
    const expiresAt = Date.now() + tokenTtlMs;
    tokens.set(accessToken, { userId: user.id, expiresAt });
    return { accessToken, expiresAt: new Date(expiresAt).toISOString(), user: { ...user } };
  });
  route('POST', '/logout', (ctx) => {
    const raw = ctx.req.headers['access-token'];
    if (typeof raw === 'string') tokens.delete(raw);
    return NO_CONTENT;
  });
  route('GET', '/me', (ctx) => ({ ...requireUser(ctx) }));

  route('GET', '/todos', (ctx) => filterTodos(ctx.query));
  route('POST', '/todos', async (ctx) => {
    const me = optionalUser(ctx);
    const body = await ctx.body();
    const todo: Todo = {
      id: db.nextId(db.todos),
      userId: userId(body, false) ?? me?.id ?? 1,
      title: str(body, 'title', true)!,
      completed: bool(body, 'completed', false) ?? false,
      updatedAt: db.stamp(),
    };
    db.todos.set(todo.id, todo);
    ctx.res.statusCode = 201;
    return { ...todo };
  });
  route('GET', '/todos/:id', (ctx) => ({ ...found(db.todos.get(id(ctx)), 'Todo', id(ctx)) }));
  route('PATCH', '/todos/:id', (ctx) => updateTodo(ctx, false));
  route('PUT', '/todos/:id', (ctx) => updateTodo(ctx, true));
  route('DELETE', '/todos/:id', (ctx) => {
    optionalUser(ctx);
    const n = id(ctx);
    found(db.todos.get(n), 'Todo', n);
    db.todos.delete(n);
    return NO_CONTENT;
  });

  route('GET', '/posts', (ctx) => {
    const raw = ctx.query.get('page') ?? '1';
    const page = Number(raw);
    if (!Number.isInteger(page) || page < 1) throw new HttpError(400, `Invalid page: ${raw}`);
    const all = [...db.posts.values()].sort((a, b) => a.id - b.id);
    const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
    ctx.res.setHeader('X-Total-Count', String(all.length));
    ctx.res.setHeader('X-Page-Count', String(pageCount));
    if (page < pageCount) ctx.res.setHeader('Link', `</posts?page=${page + 1}>; rel="next"`);
    return all.slice((page - 1) * pageSize, page * pageSize).map((p) => db.renderPost(p));
  });
  route('GET', '/posts/:id', (ctx) => db.renderPost(found(db.posts.get(id(ctx)), 'Post', id(ctx))));
  route('PATCH', '/posts/:id', (ctx) => updatePost(ctx, false));
  route('PUT', '/posts/:id', (ctx) => updatePost(ctx, true));

  route('GET', '/time', () => {
    const now = Date.now();
    return { time: new Date(now).toISOString(), epochMs: now };
  });
  route('GET', '/slow', (ctx) => {
    const raw = ctx.query.get('ms') ?? '1000';
    const ms = Number(raw);
    if (!Number.isFinite(ms) || ms < 0 || ms > 30_000) throw new HttpError(400, `Invalid ms: ${raw} (0..30000)`);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ms, time: new Date().toISOString() }), ms);
      // Aborted by the client: stop waiting, nobody reads the answer.
      ctx.res.on('close', () => clearTimeout(timer));
    });
  });
  route('GET', '/flaky', () => {
    // Deterministic: calls 1, 3, 5, ... succeed; 2, 4, 6, ... fail.
    const call = ++flakyCalls;
    if (call % 2 === 0) throw new HttpError(500, `Flaky failure (call ${call})`);
    return { ok: true, call };
  });
  route('GET', '/files/report.txt', (ctx) => {
    const data = Buffer.from(REPORT_TXT, 'utf8');
    ctx.res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': data.length,
      'Content-Disposition': 'attachment; filename="report.txt"',
      'Cache-Control': 'no-store',
    });
    ctx.res.end(ctx.method === 'HEAD' ? undefined : data);
    return HANDLED;
  });
  route('GET', '/files/data.bin', (ctx) => {
    // Every byte value once: a blob test can check nothing was text-decoded.
    const data = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    ctx.res.writeHead(200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': data.length,
      'Content-Disposition': 'attachment; filename="data.bin"',
      'Cache-Control': 'no-store',
    });
    ctx.res.end(data);
    return HANDLED;
  });

  // Test controls: not logged, so they never disturb request counts.
  route('GET', '/__test/requests', (ctx) => {
    const q = ctx.query;
    const list = requests.filter({ method: q.get('method') ?? undefined, path: q.get('path') ?? undefined });
    return { count: list.length, requests: list };
  });
  route('DELETE', '/__test/requests', () => {
    requests.clear();
    return NO_CONTENT;
  });
  route('POST', '/__test/reset', () => {
    reset();
    return NO_CONTENT;
  });
  route('POST', '/__test/expire-tokens', () => {
    expireTokens();
    return NO_CONTENT;
  });
  route('POST', '/__test/fail-next', async (ctx) => {
    const b = await ctx.body();
    if (typeof b.method !== 'string' || typeof b.path !== 'string') {
      throw new HttpError(400, 'Fields "method" and "path" are required');
    }
    failNext({
      method: b.method,
      path: b.path,
      status: typeof b.status === 'number' ? b.status : undefined,
      message: typeof b.message === 'string' ? b.message : undefined,
      times: typeof b.times === 'number' ? b.times : undefined,
    });
    return NO_CONTENT;
  });
  route('POST', '/__test/delay-next', async (ctx) => {
    const b = await ctx.body();
    if (typeof b.method !== 'string' || typeof b.path !== 'string' || typeof b.ms !== 'number') {
      throw new HttpError(400, 'Fields "method", "path" and "ms" are required');
    }
    delayNext({ method: b.method, path: b.path, ms: b.ms, times: typeof b.times === 'number' ? b.times : undefined });
    return NO_CONTENT;
  });

  // ---- dispatch -------------------------------------------------------------

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    const data = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(data),
      'Cache-Control': 'no-store',
    });
    res.end(data);
  }

  function readBody(req: IncomingMessage): () => Promise<Record<string, unknown>> {
    let cached: Promise<Record<string, unknown>> | undefined;
    return () =>
      (cached ??= new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) reject(new HttpError(413, 'Body too large'));
          else chunks.push(c);
        });
        req.on('end', () => resolve(Buffer.concat(chunks)));
        req.on('error', reject);
      }).then((buf) => {
        const text = buf.toString('utf8');
        if (text.trim() === '') return {};
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (e) {
          throw new HttpError(400, `Malformed JSON body: ${(e as Error).message}`);
        }
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new HttpError(400, 'Body must be a JSON object');
        }
        return parsed as Record<string, unknown>;
      }));
  }

  function indexPage(): string {
    const links = staticFiles.prefixes.map((p) => `<li><a href="${p}">${p}</a></li>`).join('');
    return `<!doctype html><meta charset="utf-8"><title>Resto e2e server</title>
<h1>Resto e2e server</h1><p>Apps:</p><ul>${links || '<li>(none mounted)</li>'}</ul>
<p>API: <a href="/todos">/todos</a>, <a href="/users">/users</a>, <a href="/posts?page=1">/posts?page=1</a>, <a href="/time">/time</a></p>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const isControl = path.startsWith('/__test/');

    // Apps may be served from another port (vite dev): allow any origin. No
    // cookies are used (the token travels in a header), so '*' is safe.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Vary', 'Origin');
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);

    if (!isControl) {
      const entry = requests.add({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        token: req.headers['access-token'] !== undefined,
      });
      res.on('finish', () => (entry.status = res.statusCode));
      if (options.log) res.on('finish', () => console.log(`${res.statusCode} ${method} ${req.url}`));
    }

    if (method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }

    const ctx: Ctx = { req, res, method, path, query: url.searchParams, params: [], body: readBody(req) };
    try {
      if (!isControl) {
        const delay = take(delayRules, method, path);
        if (delay) await new Promise((r) => setTimeout(r, delay.ms));
        const fail = take(failRules, method, path);
        if (fail) throw new HttpError(fail.status, fail.message);
      }

      let allowed: string[] = [];
      for (const [m, pattern, handler] of routes) {
        const match = pattern.exec(path);
        if (!match) continue;
        if (m !== method && !(m === 'GET' && method === 'HEAD')) {
          allowed.push(m);
          continue;
        }
        ctx.params = match.slice(1).map(decodeURIComponent);
        const result = await handler(ctx);
        if (result === HANDLED) return;
        if (result === NO_CONTENT) {
          res.writeHead(204, { 'Cache-Control': 'no-store' });
          res.end();
          return;
        }
        if (res.destroyed) return;
        sendJson(res, res.statusCode, result);
        return;
      }
      if (allowed.length) {
        res.setHeader('Allow', allowed.join(', '));
        throw new HttpError(405, `Method ${method} not allowed on ${path}`);
      }
      if (staticFiles.handle(req, res, path)) return;
      if (path === '/' && method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(indexPage());
        return;
      }
      throw new HttpError(404, `Not found: ${method} ${path}`);
    } catch (e) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e instanceof HttpError) sendJson(res, e.status, { message: e.message });
      else {
        console.error(e);
        sendJson(res, 500, { message: `Internal error: ${(e as Error)?.message ?? String(e)}` });
      }
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    reset,
    expireTokens,
    failNext,
    delayNext,
    get db() {
      return db;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive sockets (browsers keep them open) would hold close() forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
