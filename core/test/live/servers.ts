// Real push servers on 127.0.0.1 for the live tests: an SSE server (node:http,
// text/event-stream, ids, resume from Last-Event-ID) and a WebSocket server (ws), each
// keeping the log of events it sent so that a reconnect can resume, and able to be
// killed and restarted on the same port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

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
    if (!req.url?.startsWith('/events')) return void res.writeHead(404).end();
    const query = new URL(req.url, 'http://x').searchParams;
    const lastEventId = (req.headers['last-event-id'] as string | undefined) ?? query.get('lastEventId') ?? undefined;
    connections.push({ lastEventId, url: req.url, headers: req.headers });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
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

/** A WebSocket server: every socket gets each event; `?after=<id>` in the URL replays what came after it. */
export async function startWsServer() {
  const log: { id: string; text: string }[] = [];
  const sockets = new Set<WebSocket>();
  const connections: { url: string }[] = [];
  const closed: string[] = [];
  let onFirstMessage: ((text: string) => void) | undefined;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (socket, req) => {
    connections.push({ url: req.url ?? '' });
    const after = new URL(req.url ?? '/', 'http://x').searchParams.get('after');
    if (after !== null) for (const e of log.slice(log.findIndex((x) => x.id === after) + 1)) socket.send(e.text);
    sockets.add(socket);
    socket.once('message', (data) => onFirstMessage?.(String(data)));
    socket.on('close', () => {
      sockets.delete(socket);
      closed.push(req.url ?? '');
    });
  });
  await new Promise<void>((resolve) => wss.on('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    /** Told what each socket sends first (a hello). */
    set onFirstMessage(listener: (text: string) => void) {
      onFirstMessage = listener;
    },
    connections,
    closed,
    get open() {
      return sockets.size;
    },
    /** Sends an envelope `{ type, data, id, ...extra }` to every socket (a string is sent as it is). */
    emit(type: string, data: unknown, extra: Record<string, unknown> = {}) {
      const id = String(log.length + 1);
      const text = JSON.stringify({ type, data, id, ...extra });
      log.push({ id, text });
      for (const s of sockets) s.send(text);
    },
    /** Sends raw text, not logged. */
    raw(text: string) {
      for (const s of sockets) s.send(text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.terminate();
        wss.close(() => resolve());
      }),
  };
}

/** A clock whose timers run only when the test says: retries happen when it calls `runNext`. */
export function manualClock(start = Date.now()) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      timers.set(++seq, { at: now + ms, run });
      return seq;
    },
    clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    /** Timers waiting. */
    get pending() {
      return timers.size;
    },
    /** Moves the time to the earliest timer and runs it. */
    runNext() {
      const [id, next] = [...timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (!next) throw new Error('no timer pending');
      timers.delete(id!);
      now = Math.max(now, next.at);
      next.run();
    },
  };
}
