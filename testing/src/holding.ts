import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach } from 'vitest';

/** One request as the holding server's handler sees it. */
export interface HeldRequest {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  /** Path with the query, as sent. */
  readonly url: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** The raw body text ('' when none). */
  readonly body: string;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  readonly json: unknown;
  /** Position among every request this server received, from 0. */
  readonly index: number;
  /** Resolves when the client went away before the answer was written (an aborted fetch). */
  readonly closed: Promise<void>;
}

/**
 * What the handler answers. `body` is sent as JSON; `text` as is (a truncated or
 * malformed body, HTML); `drop` destroys the connection without an answer.
 */
export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: unknown; text?: string; drop?: false }
  | { drop: true };

/**
 * The handler of a holding server: answers one request. Return a promise to hold the
 * answer until the test releases it (`defer()`, `server.hold()`); build the answer
 * before awaiting, so it is what the server knew when the request arrived.
 * Returning undefined answers 404.
 */
export type HoldingHandler = (req: HeldRequest) => Reply | undefined | Promise<Reply | undefined>;

/** A hold the test releases: `release()` lets the held answers go. */
export interface Gate {
  readonly promise: Promise<void>;
  readonly release: () => void;
}

/**
 * A real HTTP server on 127.0.0.1 whose answers the test can hold and release on cue,
 * for tests where the order of answers matters (never a sleep). Requests are recorded in
 * `requests`; `received(n)` resolves once n requests (matching a filter, if given) arrived.
 *
 * @example
 * const gate = hold();
 * const server = await startHoldingServer(async (req) => {
 *   const body = [...todos.values()]; // built now
 *   if (req.method === 'GET') await gate.promise; // answered later
 *   return { body };
 * });
 * const list = client.controller.fetch(TodoResource.getList);
 * await server.received(1);
 * // ... another request answered first ...
 * gate.release();
 * await list;
 * await server.close();
 */
export async function startHoldingServer(handler: HoldingHandler) {
  const requests: HeldRequest[] = [];
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const wake = () => {
    for (const w of waiters.slice()) {
      if (!w.check()) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const server = createServer(async (req, res) => {
    // happy-dom's fetch enforces CORS: allow everything, answer preflights.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url!, 'http://localhost');
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : undefined;
    } catch {
      parsed = undefined;
    }
    const request: HeldRequest = {
      method: req.method!,
      path: url.pathname,
      url: req.url!,
      query: url.searchParams,
      headers: req.headers,
      body,
      json: parsed,
      index: requests.length,
      closed: new Promise<void>((resolve) => res.on('close', () => !res.writableFinished && resolve())),
    };
    requests.push(request);
    const answer = Promise.resolve().then(() => handler(request));
    wake();
    let reply: Reply | undefined;
    try {
      reply = await answer;
    } catch (e) {
      reply = { status: 500, text: String(e) };
    }
    write(res, reply);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (filter?: (r: HeldRequest) => boolean) => (filter ? requests.filter(filter) : requests);
  return {
    url: `http://127.0.0.1:${port}`,
    /** Every request received, in arrival order. */
    requests,
    /** How many requests `METHOD path` (query ignored) arrived. */
    count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length,
    /** Resolves once `n` requests (those passing `filter`, if given) have arrived; with the last of them. */
    received(n: number, filter?: (r: HeldRequest) => boolean): Promise<HeldRequest> {
      return new Promise<void>((resolve) => {
        const check = () => matching(filter).length >= n;
        if (check()) resolve();
        else waiters.push({ check, resolve });
      }).then(() => matching(filter)[n - 1]!);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A gate for held answers: await `promise` in the handler, call `release()` from the test.
 *
 * @example
 * const gate = hold();
 * const server = await startHoldingServer(async () => (await gate.promise, { body: { id: 1 } }));
 * gate.release(); // every answer waiting on it goes out
 */
export function hold(): Gate {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

/**
 * For test files where each test starts one holding server and one client: after each
 * test the client is destroyed, then the server closed. `start(handler)` starts the
 * test's server (as startHoldingServer); `client(c)` hands over the test's client and
 * returns it.
 *
 * @example
 * const env = eachHoldingServer();
 * it('answers in order', async () => {
 *   const server = await env.start(() => ({ body: { id: 1 } }));
 *   const client = env.client(createClient());
 *   // ...
 * });
 */
export function eachHoldingServer() {
  let client: { destroy(): void } | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    client?.destroy();
    await close?.();
    client = close = undefined;
  });
  return {
    async start(handler: HoldingHandler) {
      const server = await startHoldingServer(handler);
      close = server.close;
      return server;
    },
    client<C extends { destroy(): void }>(c: C): C {
      client = c;
      return c;
    },
  };
}

function write(res: ServerResponse, reply: Reply | undefined) {
  if (res.destroyed) return; // the client went away while the answer was held
  if (!reply) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  if (reply.drop) return void res.socket?.destroy();
  const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  const type = reply.text === undefined && reply.body !== undefined ? { 'content-type': 'application/json' } : {};
  res.writeHead(reply.status ?? (text ? 200 : 204), { ...type, ...reply.headers }).end(text);
}
