// The e2e REST server: node:http, in-memory seeded data, request counting and
// test controls. Used by the browser tests, the demo and anyone who wants a
// realistic API on 127.0.0.1 without setup. Routes live in routes/, one file per
// resource; this file wires them and dispatches.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultSeed, type Db, type Seed } from './data';
import { HANDLED, HttpError, NO_CONTENT, Router, readBody, sendJson, type Ctx } from './http';
import type { LoggedRequest, RequestLog } from './requests';
import { controlRoutes } from './routes/controls';
import type { LiveHub } from './live';
import { liveRoutes } from './routes/live';
import { postRoutes } from './routes/posts';
import { sessionRoutes } from './routes/session';
import { todoRoutes } from './routes/todos';
import { userRoutes } from './routes/users';
import { utilityRoutes } from './routes/utility';
import { ServerState, type DelayRule, type FailRule, type StoredAnswer } from './state';
import { createStaticHandler, type StaticMounts } from './static';

export { defaultSeed, DEMO_PASSWORD, SEED_TIME } from './data';
export type { Comment, Post, Seed, Todo, User } from './data';
export { RequestLog, matchesPrefix, type LoggedRequest, type RequestFilter } from './requests';
export type { DelayRule, FailRule } from './state';
export { LiveHub, type LiveEvent } from './live';

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
  /**
   * Server-rendered pages: URL prefix -> renderer of the HTML for a GET of that
   * exact path (e.g. '/ssr/react/'). The renderer gets the server's origin, so
   * its reads go to this API. Assets under the prefix come from `static`. The
   * HTML may be streamed: chunks are written as they come.
   */
  pages?: Record<string, (origin: string) => Promise<string | AsyncIterable<string | Uint8Array>>>;
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
  /** Holds the next matching request (logged, not answered) until the returned function is called. */
  holdNext(rule: { method: string; path: string }): () => void;
  /** Live tables, for assertions that look behind the API. */
  readonly db: Db;
  /** GET /live, the SSE stream of todo changes: `live.count()` streams open now, `live.events` what was sent. */
  readonly live: LiveHub;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Access-Token, Content-Type, Idempotency-Key',
  // Cross-origin apps must be able to read the download name and paging info.
  'Access-Control-Expose-Headers': 'Content-Disposition, X-Total-Count, X-Page-Count, Link',
  'Access-Control-Max-Age': '600',
};

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const state = new ServerState(
    { ...defaultSeed(), ...options.seed },
    options.pageSize ?? 5,
    options.tokenTtlMs ?? 60 * 60 * 1000,
  );
  const staticFiles = createStaticHandler(options.static ?? {});
  const router = new Router();
  for (const routes of [userRoutes, sessionRoutes, todoRoutes, postRoutes, utilityRoutes, controlRoutes, liveRoutes]) {
    routes(router, state);
  }

  function indexPage(): string {
    const links = [...Object.keys(options.pages ?? {}), ...staticFiles.prefixes].map((p) => `<li><a href="${p}">${p}</a></li>`).join('');
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

    // A mutation with an Idempotency-Key is applied once: a repeat of the key gets the
    // first request's answer (waiting for it if it is still running).
    const key = req.headers['idempotency-key'];
    const idempotencyKey = !isControl && method !== 'GET' && method !== 'OPTIONS' && typeof key === 'string' ? key : undefined;
    let logged: LoggedRequest | undefined;
    if (!isControl) {
      const entry = (logged = state.requests.add({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        token: req.headers['access-token'] !== undefined,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }));
      res.on('finish', () => (entry.status = res.statusCode));
      if (options.log) res.on('finish', () => console.log(`${res.statusCode} ${method} ${req.url}`));
    }

    if (method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }

    if (idempotencyKey) {
      const known = state.answers.get(idempotencyKey);
      if (known) {
        if (logged) logged.repeat = true;
        const answer = await known;
        res.writeHead(answer.status, answer.headers as Record<string, string>);
        res.end(answer.body as string | undefined);
        return;
      }
      state.answers.set(idempotencyKey, recordAnswer(res));
    }
    // Read now: a held request whose client goes away must still be applied (and answered for a repeat).
    const body = readBody(req);
    if (idempotencyKey) body().catch(() => undefined);

    try {
      if (!isControl) await state.applyRules(method, path);
      const found = router.find(method, path);
      if ('handler' in found) {
        const ctx: Ctx = { req, res, method, path, query: url.searchParams, params: found.params, body };
        const result = await found.handler(ctx);
        // A client that went away still gets its answer stored for a repeat of its key.
        if (result === HANDLED || (res.destroyed && !idempotencyKey)) return;
        if (result === NO_CONTENT) {
          res.writeHead(204, { 'Cache-Control': 'no-store' });
          res.end();
          return;
        }
        sendJson(res, res.statusCode, result);
        return;
      }
      if (found.allowed.length) {
        res.setHeader('Allow', found.allowed.join(', '));
        throw new HttpError(405, `Method ${method} not allowed on ${path}`);
      }
      const page = method === 'GET' ? options.pages?.[path] : undefined;
      if (page) {
        const html = await page(`http://${req.headers.host ?? host}`);
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        if (typeof html === 'string') res.end(html);
        else {
          for await (const chunk of html) res.write(chunk);
          res.end();
        }
        return;
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
    requests: state.requests,
    reset: () => state.reset(),
    expireTokens: () => state.expireTokens(),
    failNext: (rule) => state.failNext(rule),
    delayNext: (rule) => state.delayNext(rule),
    holdNext: (rule) => state.holdNext(rule),
    get db() {
      return state.db;
    },
    live: state.live,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive sockets (browsers keep them open) would hold close() forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Resolves with what `res` is answered (status, headers, body) once it ends. */
function recordAnswer(res: ServerResponse): Promise<StoredAnswer> {
  return new Promise((resolve) => {
    let status = 200;
    let headers: StoredAnswer['headers'] = {};
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: StoredAnswer['headers']) => ServerResponse;
    const end = res.end.bind(res) as (body?: unknown) => ServerResponse;
    res.writeHead = ((s: number, h?: StoredAnswer['headers']) => {
      status = s;
      headers = h ?? {};
      return writeHead(s, h);
    }) as typeof res.writeHead;
    res.end = ((body?: unknown) => {
      resolve({ status, headers, body });
      return end(body);
    }) as typeof res.end;
  });
}
