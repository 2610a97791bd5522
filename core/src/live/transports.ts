// The two transports behind one small interface: an EventSource or a WebSocket, opened
// once per try (the manager, not the transport, decides when to try again).

/**
 * The part of `EventSource` a live connection uses (the browser's, or the `eventsource` package's).
 *
 * @example
 * const source: EventSourceLike = new EventSource('/events');
 */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: any) => void): void;
  close(): void;
}

/**
 * An `EventSource` constructor. The init's `fetch` is used by implementations that take one (to send headers).
 *
 * @example
 * import { EventSource } from 'eventsource';
 * liveStream({ url: 'http://127.0.0.1:3000/events', messages, EventSource });
 */
export type EventSourceConstructor = new (
  url: string,
  init?: { withCredentials?: boolean; fetch?: (input: any, init?: any) => Promise<any> },
) => EventSourceLike;

/**
 * The part of `WebSocket` a live connection uses (the browser's, or the `ws` package's).
 *
 * @example
 * const socket: WebSocketLike = new WebSocket('wss://example.com/live');
 */
export interface WebSocketLike {
  addEventListener(type: string, listener: (event: any) => void): void;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * A `WebSocket` constructor.
 *
 * @example
 * import { WebSocket } from 'ws';
 * liveStream({ transport: 'websocket', url: 'ws://127.0.0.1:3000/live', messages, WebSocket });
 */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/** What a transport reports to the manager. */
export interface TransportEvents {
  open(): void;
  /** One message's text; `event` is the SSE event name, `id` its `id:` field. */
  message(text: unknown, event: string | undefined, id: string | undefined): void;
  /** The connection failed or ended; the manager decides whether to try again. */
  drop(error: Error): void;
}

/** One open try; `close` ends it without a `drop`. */
export interface Transport {
  close(): void;
}

/**
 * Opens an SSE stream, listening to the unnamed `message` event and to each named one.
 * Headers (auth, `Last-Event-ID`) go through the init's `fetch`, which the browser's
 * EventSource ignores (it cannot send headers: use a query parameter there).
 *
 * @example
 * const t = openEventSource(EventSource, url, ['todo.updated'], undefined, events);
 */
export function openEventSource(
  EventSourceClass: EventSourceConstructor,
  url: string,
  names: readonly string[],
  headers: Record<string, string> | undefined,
  events: TransportEvents,
  withCredentials?: boolean,
): Transport {
  let closed = false;
  const init: ConstructorParameters<EventSourceConstructor>[1] = { withCredentials };
  if (headers && Object.keys(headers).length)
    init.fetch = (input, given) => {
      const merged = new Headers(given?.headers);
      for (const name in headers) merged.set(name, headers[name]!);
      return fetch(input, { ...given, headers: merged });
    };
  const source = new EventSourceClass(url, init);
  const guard =
    <A extends unknown[]>(run: (...args: A) => void) =>
    (...args: A) => {
      if (!closed) run(...args);
    };
  source.addEventListener('open', guard(() => events.open()));
  const onMessage = guard((e: { type: string; data: unknown; lastEventId?: string }) =>
    events.message(e.data, e.type, e.lastEventId || undefined),
  );
  for (const name of new Set(['message', ...names])) source.addEventListener(name, onMessage);
  source.addEventListener(
    'error',
    guard((e: { message?: string; code?: number }) => {
      // The browser's EventSource would retry on its own, without our backoff or resume: stop it.
      closed = true;
      source.close();
      events.drop(new Error(`live stream ${url}: ${e?.message || (e?.code ? `status ${e.code}` : 'connection lost')}`));
    }),
  );
  return {
    close() {
      closed = true;
      source.close();
    },
  };
}

/**
 * Opens a WebSocket; `hello` (the resume cursor, a subscription) is sent once it is open.
 *
 * @example
 * const t = openWebSocket(WebSocket, url, undefined, JSON.stringify({ after: lastId }), events);
 */
export function openWebSocket(
  WebSocketClass: WebSocketConstructor,
  url: string,
  protocols: string | string[] | undefined,
  hello: string | undefined,
  events: TransportEvents,
): Transport {
  let closed = false;
  let failure: Error | undefined;
  const socket = new WebSocketClass(url, protocols);
  socket.addEventListener('open', () => {
    if (closed) return;
    if (hello !== undefined) socket.send(hello);
    events.open();
  });
  socket.addEventListener('message', (e: { data: unknown }) => {
    if (!closed) events.message(e.data, undefined, undefined);
  });
  socket.addEventListener('error', (e: { message?: string; error?: Error }) => {
    failure = e?.error ?? new Error(`live socket ${url}: ${e?.message || 'error'}`);
  });
  socket.addEventListener('close', (e: { code?: number; reason?: string }) => {
    if (closed) return;
    closed = true;
    events.drop(failure ?? new Error(`live socket ${url}: closed (${e?.code ?? 'no code'}${e?.reason ? `: ${e.reason}` : ''})`));
  });
  return {
    close() {
      if (closed) return;
      closed = true;
      socket.close(1000);
    },
  };
}
