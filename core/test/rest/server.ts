import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (
  req: SeenRequest,
  res: ServerResponse,
) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  /** Replace the route handler for the next requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Default handler: echo the request as JSON. */
export const echo: Handler = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  let body: unknown = null;
  try {
    body = req.body ? JSON.parse(req.body) : null;
  } catch {
    body = req.body;
  }
  res.end(JSON.stringify({ method: req.method, url: req.url, body }));
};

/** Start a real HTTP server on 127.0.0.1 with an ephemeral port. */
export async function startServer(initial: Handler = echo): Promise<TestServer> {
  let handler = initial;
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      Promise.resolve(handler(seen, res)).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
