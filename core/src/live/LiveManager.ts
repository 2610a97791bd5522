// One live connection (SSE or WebSocket) feeding the store: when to connect (never on a
// server client; paused offline and, optionally, hidden), reconnecting with backoff and
// resuming from the last event id, revalidating what the stream covers after a gap.
// The messages themselves go through LiveMessages.applyMessage.
import { DEV } from '#dev';
import type { Controller, Dispatch } from '../controller';
import { errorCode } from '../dev/errorCode';
import { environmentSignal } from '../environment';
import type { Manager, Middleware } from '../managers/Manager';
import { uniqueNow, type ActionTypes, type EndpointLike } from '../state';
import { backoffDelay, type BackoffOptions } from './backoff';
import { applyMessage, LiveMessageError, type LiveMessage, type LiveMessages } from './LiveMessages';
import { LiveStatusStore, type LiveStatus, type LiveStatusSource } from './LiveStatus';
import {
  openEventSource,
  openWebSocket,
  type EventSourceConstructor,
  type Transport,
  type TransportEvents,
  type WebSocketConstructor,
} from './transports';

/**
 * The clock a connection schedules its retries and hidden-page close with (injectable for tests).
 *
 * @example
 * const clock: LiveClock = { now: Date.now, setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number) };
 */
export interface LiveClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type Given<T> = T | Promise<T>;
/** Why a connection is held shut. */
type Pause = 'offline' | 'hidden' | 'stopped' | 'follower';

/**
 * Options of {@link LiveManager} (and {@link liveStream}).
 *
 * @example
 * const options: LiveOptions = { transport: 'websocket', url: (last) => `/live?after=${last ?? ''}`, messages: { 'todo.updated': Todo } };
 */
export interface LiveOptions {
  /** The stream's path or URL, or a function of the last event id (a WebSocket resume cursor in the URL). */
  readonly url: string | ((lastEventId: string | undefined) => string);
  /** Put before `url`, as an endpoint's `urlPrefix`. */
  readonly urlPrefix?: string;
  /** `'sse'` (default) or `'websocket'`. */
  readonly transport?: 'sse' | 'websocket';
  /** What each message type does to the store (see {@link LiveMessages}). */
  readonly messages: LiveMessages;
  /**
   * Turns one message's text into `{ type, data, id?, at? }`. Default: JSON; a named SSE
   * event is its own type with the JSON as payload, anything else is an envelope
   * `{ type, data, id?, at? }`.
   */
  readonly parse?: (text: string, event: string | undefined, id: string | undefined) => LiveMessage;
  /** Query parameters added to the URL on every try (a token: browsers' EventSource and WebSocket send no headers). */
  readonly searchParams?: () => Given<Record<string, string>>;
  /** Headers for SSE, sent by an EventSource that takes a `fetch` option (the `eventsource` package). */
  readonly headers?: () => Given<Record<string, string>>;
  /** SSE: the query parameter that carries the last event id when reconnecting (besides the `Last-Event-ID` header). */
  readonly lastEventIdParam?: string;
  /** WebSocket: the first message sent once open, from the last event id (a resume cursor, a subscription). */
  readonly hello?: (lastEventId: string | undefined) => string | object | undefined;
  /** WebSocket subprotocols. */
  readonly protocols?: string | string[];
  /** SSE: send cookies cross-origin. */
  readonly withCredentials?: boolean;
  /**
   * The reads the stream keeps current: after a gap (a drop, offline, hidden) they are
   * marked stale, so the subscribed ones refetch and the store ends in the server's state.
   * `'all'`, or endpoints and key tests. Default: none.
   */
  readonly covers?: 'all' | readonly (EndpointLike | ((key: string) => boolean))[];
  /** Reconnect delays (doubling, with jitter). */
  readonly backoff?: BackoffOptions;
  /** Close the connection when the page has been hidden this long (ms); reopen when visible. Default: never. */
  readonly closeWhenHidden?: number;
  /** Replaces `globalThis.EventSource` (Node, React Native, polyfills, tests). */
  readonly EventSource?: EventSourceConstructor;
  /** Replaces `globalThis.WebSocket` (Node's `ws`, tests). */
  readonly WebSocket?: WebSocketConstructor;
  /** Told of every message that could not be stored ({@link LiveMessageError}) and every drop. */
  readonly onError?: (error: Error) => void;
  /** Replaces Math.random for the jitter (tests). */
  readonly random?: () => number;
  /** Replaces the timers and Date.now (tests). */
  readonly clock?: LiveClock;
}

const realClock: LiveClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Server push into the normalized store: one connection (SSE or WebSocket) whose messages
 * are stored through schemas, the same way responses are. Its connection state is an
 * observable (`subscribe`/`getSnapshot`). Put it in `managers`; a server client
 * (`ssr: true`) opens nothing.
 *
 * @example
 * import { createClient, getDefaultManagers, Invalidate } from '@resto/core';
 * import { LiveManager } from '@resto/core/live';
 * const live = new LiveManager({
 *   url: '/events',
 *   messages: { 'todo.updated': Todo, 'todo.deleted': new Invalidate(Todo), 'todo.created': TodoResource.getList.schema.push },
 *   covers: [TodoResource.getList],
 * });
 * const client = createClient({ managers: [...getDefaultManagers(), live] });
 */
export class LiveManager implements Manager, LiveStatusSource {
  declare private readonly options: LiveOptions;
  declare private readonly clock: LiveClock;
  private readonly state = new LiveStatusStore();
  declare private controller: Controller | undefined;
  declare private transport: Transport | undefined;
  declare private retryTimer: unknown;
  declare private hiddenTimer: unknown;
  /** Why the connection is held shut (offline, hidden, stopped); undefined when it may run. */
  declare private paused: Set<Pause>;
  /** Counts tries: an async URL built for an older try is dropped. */
  declare private generation: number;
  /** It was open once: the next open follows a gap. */
  declare private wasOpen: boolean;
  declare private lastEventId: string | undefined;
  declare private stops: (() => void)[];
  /** Keeps the last event id in the store, where tab sync (and persistence) hand it to the next leader. */
  declare private readonly cursor: EndpointLike;

  constructor(options: LiveOptions) {
    this.options = options;
    this.clock = options.clock ?? realClock;
    this.paused = new Set();
    this.generation = 0;
    this.wasOpen = false;
    this.stops = [];
    const key = `live cursor ${options.urlPrefix ?? ''}${typeof options.url === 'string' ? options.url : ''}`;
    this.cursor = { key: () => key, name: key, dataExpiryLength: Infinity } as unknown as EndpointLike;
  }

  /** Calls `listener` after every change of the connection state. */
  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /** The connection state now (the same object until it changes). */
  getSnapshot = (): LiveStatus => this.state.getSnapshot();

  /** Listeners of the connection state (for tests and leak checks). */
  get listenerCount(): number {
    return this.state.listenerCount;
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => (action: ActionTypes) => {
      const done = next(action);
      // A follower takes the leader's last event id as tab sync brings it: were this tab to
      // take over, it would resume from there, not count a gap.
      const id = this.paused.has('follower') && (controller.getState().endpoints[this.cursor.key()] as string | undefined);
      if (id && id !== this.lastEventId) {
        this.wasOpen = false;
        this.state.set({ lastEventId: (this.lastEventId = id) });
      }
      return done;
    };
  };

  init(): void {
    const controller = this.controller;
    if (!controller) return;
    const env = controller.environment;
    // A server render opens nothing: the page connects after hydration.
    if (env.ssr) return this.state.set({ status: 'closed', reason: 'server' });
    // Installs the signals the app did not pass: true until told otherwise.
    const online = environmentSignal(env, 'online');
    if (!online.value) this.paused.add('offline');
    this.stops.push(online.subscribe((online) => (online ? this.resume('offline') : this.pause('offline'))));
    // With tabSync, only the leading tab connects; the others get its changes through the
    // shared store, the leader's last event id with them: a tab that takes over resumes from it.
    const { tabs } = env;
    if (tabs?.subscribe) {
      if (!tabs.leader) this.follow();
      this.stops.push(tabs.subscribe((leader) => (leader ? this.resume('follower') : this.follow())));
    }
    const { closeWhenHidden } = this.options;
    if (closeWhenHidden !== undefined)
      this.stops.push(
        environmentSignal(env, 'focus').subscribe((visible) => {
          this.clock.clearTimeout(this.hiddenTimer);
          this.hiddenTimer = undefined;
          if (visible) this.resume('hidden');
          else this.hiddenTimer = this.clock.setTimeout(() => this.pause('hidden'), closeWhenHidden);
        }),
      );
    if (this.paused.size) this.state.set({ status: 'closed', reason: this.paused.has('offline') ? 'offline' : 'follower' });
    else this.open();
  }

  cleanup(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.clock.clearTimeout(this.hiddenTimer);
    this.pause('stopped');
  }

  /**
   * Closes the connection until {@link reconnect} (a user switch, a logout).
   *
   * @example
   * live.close();
   */
  close(): void {
    this.pause('stopped');
  }

  /**
   * Opens the connection again now (after {@link close}, or to skip a backoff wait).
   *
   * @example
   * live.reconnect();
   */
  reconnect(): void {
    this.paused.delete('stopped');
    if (this.paused.size || !this.controller || this.controller.environment.ssr) return;
    this.shut();
    this.state.set({ attempt: 0 });
    this.open();
  }

  private follow(): void {
    this.wasOpen = true;
    this.pause('follower');
  }

  private pause(reason: Pause): void {
    this.paused.add(reason);
    this.shut();
    this.state.set({ status: 'closed', reason, attempt: 0 });
  }

  private resume(reason: Exclude<Pause, 'stopped'>): void {
    if (!this.paused.delete(reason) || this.paused.size) return;
    this.state.set({ attempt: 0 });
    this.open();
  }

  /** Ends the current try and any pending retry, without reporting a drop. */
  private shut(): void {
    this.generation++;
    this.transport?.close();
    this.transport = undefined;
    this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private open(): void {
    const generation = ++this.generation;
    const { attempt } = this.state.getSnapshot();
    this.state.set({ status: attempt ? 'reconnecting' : 'connecting', nextTryAt: undefined });
    void this.target().then(
      ({ url, headers }) => {
        if (generation !== this.generation) return;
        this.transport = this.connect(url, headers, generation);
      },
      (error: unknown) => {
        if (generation === this.generation) this.dropped(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  /** The URL (prefix, query parameters, resume id) and headers of the next try. */
  private async target(): Promise<{ url: string; headers: Record<string, string> | undefined }> {
    const { url, urlPrefix = '', searchParams, headers, lastEventIdParam, transport } = this.options;
    const lastId = this.lastEventId;
    let full = urlPrefix + (typeof url === 'function' ? url(lastId) : url);
    const params = new URLSearchParams(searchParams ? await searchParams() : undefined);
    if (lastEventIdParam && lastId !== undefined) params.set(lastEventIdParam, lastId);
    const query = params.toString();
    if (query) full += (full.includes('?') ? '&' : '?') + query;
    const sent = headers ? { ...(await headers()) } : undefined;
    if (transport !== 'websocket' && lastId !== undefined) return { url: full, headers: { ...sent, 'Last-Event-ID': lastId } };
    return { url: full, headers: sent };
  }

  private connect(url: string, headers: Record<string, string> | undefined, generation: number): Transport | undefined {
    const o = this.options;
    const current = () => generation === this.generation;
    const events: TransportEvents = {
      open: () => current() && this.opened(),
      message: (text, event, id) => current() && this.received(text, event, id),
      drop: (error) => current() && this.dropped(error),
    };
    if (o.transport === 'websocket') {
      const Socket = o.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
      if (!Socket) return this.unavailable('WebSocket');
      const hello = o.hello?.(this.lastEventId);
      return openWebSocket(Socket, url, o.protocols, typeof hello === 'object' ? JSON.stringify(hello) : hello, events);
    }
    const Source = o.EventSource ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
    if (!Source) return this.unavailable('EventSource');
    return openEventSource(Source, url, Object.keys(o.messages), headers, events, o.withCredentials);
  }

  /** No constructor in this environment: reported, and nothing retries (it will not appear). */
  private unavailable(name: string): undefined {
    const error = new Error(
      `live stream: no ${name} here` + (DEV ? ` (pass one as the ${name} option: the \`${name === 'WebSocket' ? 'ws' : 'eventsource'}\` package in Node)` : errorCode(26)),
    );
    this.paused.add('stopped');
    this.state.set({ status: 'closed', reason: 'stopped', lastError: error });
    this.options.onError?.(error);
    return undefined;
  }

  private opened(): void {
    const gap = this.wasOpen;
    this.wasOpen = true;
    this.state.set({ status: 'open', attempt: 0 });
    // Events may have been lost while shut: what the stream covers is fetched again.
    if (gap) this.revalidate();
  }

  private revalidate(): void {
    const { covers } = this.options;
    if (!covers || !this.controller) return;
    const tests =
      covers === 'all'
        ? [() => true]
        : covers.map((c) => {
            if (typeof (c as EndpointLike).key !== 'function') return c as (key: string) => boolean;
            const endpoint = c as EndpointLike;
            return (key: string) => (endpoint.testKey ? endpoint.testKey(key) : key === endpoint.key());
          });
    void this.controller.expireAll({ testKey: (key) => !key.startsWith('live ') && tests.some((t) => t(key)) });
  }

  private received(text: unknown, event: string | undefined, id: string | undefined): void {
    const controller = this.controller;
    if (!controller) return;
    const patch: { -readonly [K in keyof LiveStatus]?: LiveStatus[K] } = { lastEventAt: this.clock.now() };
    let message: LiveMessage | undefined;
    let error: Error | undefined;
    const type = event && event !== 'message' ? event : '(unparsed)';
    try {
      if (typeof text !== 'string') throw new Error('not text');
      message = (this.options.parse ?? parseMessage)(text, event, id);
    } catch (cause) {
      error = new LiveMessageError(
        `live message "${type}" could not be parsed: ${cause instanceof Error ? cause.message : String(cause)}` + (DEV ? '' : errorCode(25)),
        type,
        undefined,
        cause,
      );
    }
    const lastId = message?.id ?? id;
    // Received, stored or not: a resume must not ask for it again.
    if (lastId !== undefined) patch.lastEventId = this.lastEventId = lastId;
    if (message) error = applyMessage(controller, this.options.messages, message);
    // Kept with the store (a message that could not be stored leaves it as it was).
    if (!error && lastId !== undefined) void controller.resolve(this.cursor, { args: [], response: lastId, fetchedAt: uniqueNow() });
    if (error) patch.lastError = error;
    this.state.set(patch);
    if (error) this.fail(error);
  }

  private dropped(error: Error): void {
    this.transport = undefined;
    const attempt = this.state.getSnapshot().attempt + 1;
    const delay = backoffDelay(attempt, this.options.backoff ?? {}, this.options.random ?? Math.random);
    const generation = this.generation;
    this.retryTimer = this.clock.setTimeout(() => {
      if (generation === this.generation) this.open();
    }, delay);
    this.state.set({ status: 'reconnecting', attempt, nextTryAt: this.clock.now() + delay, lastError: error });
    this.options.onError?.(error);
  }

  private fail(error: Error): void {
    if (this.options.onError) this.options.onError(error);
    else if (DEV) console.warn(`Resto: ${error.message}`);
  }
}

/**
 * The default message parser: JSON; a named SSE event is its type, anything else an
 * envelope `{ type, data, id?, at? }`.
 *
 * @example
 * parseMessage('{"type":"todo.updated","data":{"id":1}}', 'message', '7'); // { type: 'todo.updated', data: { id: 1 }, id: '7' }
 */
export function parseMessage(text: string, event: string | undefined, id: string | undefined): LiveMessage {
  const value = JSON.parse(text) as { type?: unknown; data?: unknown; id?: unknown; at?: unknown } | null;
  if (event && event !== 'message') return { type: event, data: value, id };
  if (!value || typeof value.type !== 'string') throw new Error('expected an envelope { type, data }');
  return {
    type: value.type,
    data: value.data,
    id: id ?? (value.id == null ? undefined : String(value.id)),
    at: typeof value.at === 'number' ? value.at : undefined,
  };
}

/**
 * A {@link LiveManager} in one call, to put in `managers`.
 *
 * @example
 * const live = liveStream({ url: '/events', messages: { 'todo.updated': Todo } });
 * const client = createClient({ managers: [...getDefaultManagers(), live] });
 */
export function liveStream(options: LiveOptions): LiveManager {
  return new LiveManager(options);
}
