// Server push for the demo: GET /live is a Server-Sent Events stream of every todo
// change made through the API, one named event per change (`todo.created`,
// `todo.updated`, `todo.deleted`) with an id, so a client that drops resumes where it
// stopped. It counts open streams, so tests can see how many connections a browser
// holds (with tab sync: one for all its tabs).
import type { ServerResponse } from 'node:http';
import { HANDLED, HttpError, type Ctx } from './http';

/** One pushed change: the SSE event name is its type, the JSON its payload. */
export interface LiveEvent {
  id: number;
  type: string;
  data: unknown;
}

/** Events kept for resuming: a client further behind than this revalidates instead. */
const KEEP = 1000;

/**
 * The streams open on the server and the events sent to them.
 *
 * @example
 * const server = await startServer();
 * await fetch(`${server.url}/todos/1`, { method: 'PATCH', body: '{"completed":true}' });
 * server.live.count(); // streams open now
 * server.live.events.at(-1); // { id: 1, type: 'todo.updated', data: { id: 1, ... } }
 */
export class LiveHub {
  private readonly streams = new Set<ServerResponse>();
  private readonly log: LiveEvent[] = [];
  private lastId = 0;
  private openedCount = 0;

  /** Streams open now. */
  count(): number {
    return this.streams.size;
  }

  /** Streams ever opened (a reconnect or a new leader tab adds one). */
  opened(): number {
    return this.openedCount;
  }

  /** The latest events, oldest first (at most the last 1000). */
  get events(): readonly LiveEvent[] {
    return this.log;
  }

  /** Sends a change to every open stream and keeps it for those that resume later. */
  publish(type: string, data: unknown): LiveEvent {
    const event: LiveEvent = { id: ++this.lastId, type, data };
    this.log.push(event);
    if (this.log.length > KEEP) this.log.shift();
    for (const res of this.streams) write(res, event);
    return event;
  }

  /**
   * Answers GET /live: a stream that stays open, first replaying what came after the
   * client's last id (the `Last-Event-ID` header, or `?lastEventId=` for browsers,
   * whose EventSource sends no headers of the app's).
   */
  attach(ctx: Ctx): typeof HANDLED {
    const raw = ctx.req.headers['last-event-id'] ?? ctx.query.get('lastEventId') ?? undefined;
    const after = raw === undefined || raw === '' ? undefined : Number(raw);
    if (after !== undefined && !Number.isInteger(after)) throw new HttpError(400, `Invalid last event id: ${String(raw)} (an integer)`);
    const { res } = ctx;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // A comment line sends the headers now, so the client's `open` fires before the first change.
    res.write(': connected\n\n');
    if (after !== undefined) for (const event of this.log) if (event.id > after) write(res, event);
    this.streams.add(res);
    this.openedCount++;
    res.on('close', () => this.streams.delete(res));
    return HANDLED;
  }
}

function write(res: ServerResponse, event: LiveEvent) {
  res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}
