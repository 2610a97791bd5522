// The model's server: a real HTTP server on 127.0.0.1 whose every answer waits until the
// program releases it (in any order, with any fault), and the truth it keeps. A read's
// body is built when the request arrives (so a late answer carries what was true then);
// a mutation changes the truth when it is released, unless its fault stops it first.
import type { ServerResponse } from 'node:http';
import { startServer, type Hit } from '@resto/testing';

/** One todo as the server holds it: `v` counts its changes, so a stored copy tells which answer it came from. */
export interface Row {
  id: number;
  title: string;
  v: number;
}

/** How a held answer goes out. */
export const FAULTS = [
  'ok',
  '500',
  '503',
  '429',
  'dropBefore', // the connection dies before the change is applied
  'dropAfter', // applied, then the connection dies: the client never hears of it
  'truncated', // applied, headers and half the body, then the connection dies
  'malformed', // applied, 200 with JSON that breaks off
  'html', // a proxy's error page with status 200: not applied
] as const;
export type Fault = (typeof FAULTS)[number];

/** A request the server holds, in the order the client sent it (`seq`). */
interface Held {
  readonly seq: number;
  readonly hit: Hit;
  readonly res: ServerResponse;
  /** A read's answer, built on arrival. */
  readonly read?: { status: number; body: unknown };
}

/** What the client sent, by the header the transport adds: whether it is still wanted and whether it reached the server. */
export interface Sent {
  readonly seq: number;
  readonly method: string;
  readonly path: string;
  readonly signal: AbortSignal | null | undefined;
  arrived: boolean;
  released: boolean;
  /** The client is done with it: the fetch failed, or the body was read (or failed to be). */
  done: boolean;
}

export const SEQ = 'x-model-seq';
const realFetch = globalThis.fetch;

export class ModelServer {
  rows = new Map<number, Row>();
  /** Ids ever deleted on the server (a delete applied). */
  deleted = new Set<number>();
  nextId = 1;
  sent: Sent[] = [];
  private held = new Map<number, Held>();
  private server!: Awaited<ReturnType<typeof startServer>>;

  get url(): string {
    return this.server.url;
  }

  async start(): Promise<void> {
    const arrive = (hit: Hit, res: ServerResponse) => this.arrive(hit, res);
    this.server = await startServer({ 'GET *': arrive, 'POST *': arrive, 'PATCH *': arrive, 'PUT *': arrive, 'DELETE *': arrive });
    // Every request carries its send order, so the program names requests the same way on every run.
    globalThis.fetch = (input, init) => {
      const seq = this.sent.length;
      const headers = new Headers(init?.headers);
      headers.set(SEQ, String(seq));
      const url = new URL(input instanceof Request ? input.url : String(input));
      const record: Sent = {
        seq,
        method: init?.method ?? 'GET',
        path: url.pathname,
        signal: init?.signal,
        arrived: false,
        released: false,
        done: false,
      };
      this.sent.push(record);
      const done = () => void (record.done = true);
      return realFetch(input, { ...init, headers }).then((response) => {
        // The answer counts as handled once its body was read (or could not be).
        const watch = (r: Response) => {
          const text = r.text.bind(r);
          r.text = () => text().finally(done);
          const clone = r.clone.bind(r);
          r.clone = () => watch(clone());
          return r;
        };
        if (response.status === 204) done();
        return watch(response);
      }, (error: unknown) => {
        done();
        throw error;
      });
    };
  }

  async close(): Promise<void> {
    globalThis.fetch = realFetch;
    this.dropAll();
    await this.server.close();
  }

  /** A new program: the truth is todos 1..3 and nothing is held. */
  reset(): void {
    this.dropAll();
    this.sent = [];
    this.rows = new Map([1, 2, 3].map((id) => [id, { id, title: `todo ${id}`, v: 1 }]));
    this.deleted = new Set();
    this.nextId = 4;
  }

  /** Requests the client still waits on and the program may release, in send order. */
  live(): Sent[] {
    return this.sent.filter((s) => !s.released && !s.done && !s.signal?.aborted);
  }

  /** Every live request reached the server and every released one was handled by the client. */
  quiet(): boolean {
    return this.sent.every((s) => s.done || s.signal?.aborted || (s.released ? false : s.arrived));
  }

  /** Answers one held request; the caller waits until it arrived (see `quiet`). */
  release(seq: number, fault: Fault): void {
    const held = this.held.get(seq);
    if (!held) throw new Error(`model: request ${seq} is not held`);
    this.held.delete(seq);
    this.sent[seq]!.released = true;
    const { hit, res } = held;
    const fails = fault === '500' || fault === '503' || fault === '429' || fault === 'dropBefore' || fault === 'html';
    const answer = held.read ?? (fails ? undefined : this.apply(hit));
    if (res.destroyed || res.writableEnded) return;
    switch (fault) {
      case 'ok':
        return send(res, answer!.status, answer!.body);
      case '500':
      case '503':
        return send(res, Number(fault), { message: 'server error' });
      case '429':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"message":"slow down"}');
        return;
      case 'dropBefore':
      case 'dropAfter':
        res.socket?.destroy();
        return;
      case 'truncated': {
        const text = JSON.stringify(answer!.body ?? {});
        res.writeHead(answer!.status, { 'content-type': 'application/json', 'content-length': String(text.length + 50) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        res.socket?.destroy();
        return;
      }
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":');
        return;
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Bad gateway</p>');
    }
  }

  private arrive(hit: Hit, res: ServerResponse): void {
    const seq = Number(hit.headers[SEQ]);
    const sent = this.sent[seq];
    // A request of an earlier program, or one the client gave up on before it arrived.
    if (!sent || sent.done || sent.signal?.aborted) return void res.socket?.destroy();
    sent.arrived = true;
    this.held.set(seq, { seq, hit, res, ...(hit.method === 'GET' ? { read: this.answerRead(hit) } : {}) });
    // The client gave up while it was held: it is no longer the program's to release.
    void hit.closed.then(() => this.held.delete(seq));
  }

  private answerRead(hit: Hit): { status: number; body: unknown } {
    const id = idOf(hit.url);
    if (id === undefined) return { status: 200, body: [...this.rows.values()].sort((a, b) => a.id - b.id).map((r) => ({ ...r })) };
    const row = this.rows.get(id);
    return row ? { status: 200, body: { ...row } } : { status: 404, body: { message: `no todo ${id}` } };
  }

  /** Applies a mutation to the truth and returns its answer. */
  private apply(hit: Hit): { status: number; body: unknown } {
    const id = idOf(hit.url);
    const body = hit.body ? (JSON.parse(hit.body) as { title?: string }) : {};
    if (hit.method === 'POST') {
      const row = { id: this.nextId++, title: String(body.title), v: 1 };
      this.rows.set(row.id, row);
      return { status: 201, body: { ...row } };
    }
    const row = id === undefined ? undefined : this.rows.get(id);
    if (!row) return { status: 404, body: { message: `no todo ${id}` } };
    if (hit.method === 'DELETE') {
      this.rows.delete(row.id);
      this.deleted.add(row.id);
      return { status: 200, body: { id: row.id } };
    }
    const next = { ...row, title: String(body.title), v: row.v + 1 };
    this.rows.set(row.id, next);
    return { status: 200, body: { ...next } };
  }

  /** Ends every held request (between programs): the connection dies, nothing is applied. */
  private dropAll(): void {
    for (const { res } of this.held.values()) res.socket?.destroy();
    this.held.clear();
  }
}

function idOf(url: string): number | undefined {
  const match = /^\/todos\/(\d+)/.exec(url.split('?')[0]!);
  return match ? Number(match[1]) : undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
