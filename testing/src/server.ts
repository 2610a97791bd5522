import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** Resolves when the client went away before an answer (aborted fetch). */
  readonly closed: Promise<void>;
}

type Handler = (hit: Hit, res: ServerResponse) => void | Promise<void>;

/**
 * A real HTTP server on 127.0.0.1 for one test file. Routes are `METHOD /path`
 * (query ignored); unmatched requests get 404 JSON. Every request but CORS preflights is recorded.
 */
export async function startServer(routes: Record<string, Handler> = {}) {
  const hits: Hit[] = [];
  const server = createServer(async (req, res) => {
    // happy-dom's fetch enforces CORS: allow everything, answer preflights.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    const hit: Hit = { method: req.method!, url: req.url!, headers: req.headers, body, closed };
    hits.push(hit);
    const path = req.url!.split('?')[0];
    if (path === TICK_PATH) return void json(res, { at: hits.length }); // see timersPass
    const handler = routes[`${req.method} ${path}`] ?? routes[`${req.method} *`];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found' }));
      return;
    }
    try {
      await handler(hit, res);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    routes,
    count: (method: string, path: string) => hits.filter((h) => h.method === method && h.url.split('?')[0] === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answered by every test server; polled by timersPass to mark time passing. */
export const TICK_PATH = '/__tick';

export function json(res: ServerResponse, value: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** A promise with its resolve exposed, to hold a response until the test says so. */
export function defer<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The ceiling of every wait for an event in the tests. Waits return as soon as the
 * event happens, so a long ceiling costs nothing when all is well; a short one fails
 * on a busy machine without a bug. It stays under the projects' testTimeout, so a
 * missed event reports itself rather than as a test timeout.
 */
export const EVENT_TIMEOUT = 20_000;

// Captured at load: a test that fakes timers (or Date) still polls on the real clock.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/** Waits until `check` passes (polling), for effects that settle over a few ticks. */
export async function until(check: () => boolean, ms = EVENT_TIMEOUT) {
  const start = realNow();
  while (!check()) {
    if (realNow() - start > ms) throw new Error(`condition not met within ${ms} ms: ${String(check)}`);
    await new Promise((r) => realSetTimeout(r, 5));
  }
}
