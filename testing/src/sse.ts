// A real Server-Sent Events server on 127.0.0.1 (node:http, text/event-stream, ids,
// resume from Last-Event-ID) for the live-data tests, which keeps the log of what it sent
// and can be killed and restarted on the same port; and the `eventsource` package's
// EventSource, for Node and test DOMs that have none.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, getDefaultManagers } from '@resto/core';
import { liveStream } from '@resto/core/live';
import { EventSource } from 'eventsource';
import { Todo } from './todos';

export { EventSource };

export interface SentEvent {
  readonly id: string;
  readonly event?: string;
  readonly data: string;
}

/** An SSE server: GET /events streams every event; a reconnect gets what it missed after its Last-Event-ID. */
export async function startSseServer() {
  const log: SentEvent[] = [];
  const streams = new Set<ServerResponse>();
  /** Each connection's request: its Last-Event-ID header and query. */
  const connections: { lastEventId: string | undefined; url: string; headers: IncomingMessage['headers'] }[] = [];
  const write = (res: ServerResponse, e: SentEvent) =>
    res.write(`id: ${e.id}\n${e.event ? `event: ${e.event}\n` : ''}${e.data.split('\n').map((line) => `data: ${line}\n`).join('')}\n`);
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end();
      return;
    }
    if (!req.url?.startsWith('/events')) return void res.writeHead(404).end();
    const query = new URL(req.url, 'http://x').searchParams;
    const lastEventId = (req.headers['last-event-id'] as string | undefined) ?? query.get('lastEventId') ?? undefined;
    connections.push({ lastEventId, url: req.url, headers: req.headers });
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      // test DOMs' fetch enforces CORS
      'access-control-allow-origin': '*',
    });
    res.write(': hello\n\n');
    const from = lastEventId === undefined ? log.length : log.findIndex((e) => e.id === lastEventId) + 1;
    for (const e of log.slice(from)) write(res, e);
    streams.add(res);
    req.on('close', () => streams.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    log,
    /** Open streams now. */
    get open() {
      return streams.size;
    },
    /** Sends (and logs) an event: `data` is JSON-encoded unless it is a string. */
    emit(event: string | undefined, data: unknown) {
      const e: SentEvent = { id: String(log.length + 1), event, data: typeof data === 'string' ? data : JSON.stringify(data) };
      log.push(e);
      for (const res of streams) write(res, e);
    },
    /** Stops listening and cuts every stream (the process died). */
    kill: () =>
      new Promise<void>((resolve) => {
        streams.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    /** Listens again on the same port. */
    restart: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

/**
 * A client with one live stream of todo updates (`'todo.updated'`) from a fresh real SSE
 * server: the setup each adapter's connection-status test shares. A long first backoff
 * keeps a killed server's status at "reconnecting" for the test to see.
 *
 * @example
 * const { sse, live, client, close } = await startLiveTodos();
 * await sse.send({ event: 'todo.updated', data: JSON.stringify(todo) });
 * await close();
 */
export async function startLiveTodos() {
  const sse = await startSseServer();
  const live = liveStream({ urlPrefix: sse.url, url: '/events', EventSource, messages: { 'todo.updated': Todo }, backoff: { initial: 60_000 } });
  const client = createClient({ managers: [...getDefaultManagers(), live] });
  return {
    sse,
    live,
    client,
    async close() {
      client.destroy();
      await sse.kill();
    },
  };
}
