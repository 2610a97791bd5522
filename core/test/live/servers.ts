// A real WebSocket server (ws) on 127.0.0.1 for the live tests, keeping the log of
// events it sent so that a reconnect can resume, and a clock the tests move by hand.
// The SSE server is @resto/testing/sse's (the adapters' tests use it too).
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, beforeEach } from 'vitest';
import { startSseServer } from '@resto/testing/sse';
import { startTodoServer, type TodoServer } from '@resto/testing/todos';
import type { Client } from '../../src';

type SseServer = Awaited<ReturnType<typeof startSseServer>>;

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

/**
 * A todo server and an SSE server for each test on 127.0.0.1, and the clients the test
 * pushed into `clients`: destroyed, and both servers closed, after each test.
 */
export function liveServers() {
  const live = { api: undefined as unknown as TodoServer, sse: undefined as unknown as SseServer, clients: [] as Client[] };
  beforeEach(async () => {
    [live.api, live.sse] = await Promise.all([startTodoServer(3), startSseServer()]);
  });
  afterEach(async () => {
    for (const c of live.clients.splice(0)) c.destroy();
    await Promise.all([live.api.close(), live.sse.kill()]);
  });
  return live;
}
