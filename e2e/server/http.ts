// The small HTTP layer every route module uses: a router over path-to-regexp
// patterns, the request context, JSON bodies in and out, and errors with a status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { match, type MatchFunction } from 'path-to-regexp';

/** An error answered as `{ message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  /** Named path params (`:id` -> `params.id`), decoded. */
  params: Record<string, string>;
  body(): Promise<Record<string, unknown>>;
}

export type Handler = (ctx: Ctx) => unknown | Promise<unknown>;

/** Returned by handlers that already wrote their own response. */
export const HANDLED = Symbol('handled');
/** Handlers return this for 204 No Content. */
export const NO_CONTENT = Symbol('no content');

const MAX_BODY = 1 << 20;

interface Route {
  method: string;
  match: MatchFunction<Record<string, string>>;
  handler: Handler;
}

/**
 * Routes by method and path pattern. `find` tells "no such path" (404) from
 * "path exists, other methods" (405, with the allowed ones).
 */
export class Router {
  private routes: Route[] = [];

  add(method: string, path: string, handler: Handler): this {
    this.routes.push({ method, match: match(path, { trailing: true }), handler });
    return this;
  }

  get = (path: string, handler: Handler) => this.add('GET', path, handler);
  post = (path: string, handler: Handler) => this.add('POST', path, handler);
  put = (path: string, handler: Handler) => this.add('PUT', path, handler);
  patch = (path: string, handler: Handler) => this.add('PATCH', path, handler);
  delete = (path: string, handler: Handler) => this.add('DELETE', path, handler);

  find(method: string, path: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const m = route.match(path);
      if (!m) continue;
      if (route.method === method || (route.method === 'GET' && method === 'HEAD')) {
        return { handler: route.handler, params: m.params };
      }
      allowed.push(route.method);
    }
    return { allowed };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(data),
    'Cache-Control': 'no-store',
  });
  res.end(data);
}

/** A lazy, cached reader of a JSON object body (at most 1 MiB). */
export function readBody(req: IncomingMessage): () => Promise<Record<string, unknown>> {
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
