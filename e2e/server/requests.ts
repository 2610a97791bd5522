// Request log: lets tests assert dedupe ("two components, one request") and
// "no refetch after a mutation" by counting what really reached the server.

export interface LoggedRequest {
  /** Order of arrival, starting at 1 (not reset by clear(), so it stays unique). */
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Response status, filled in when the response is sent (0 until then). */
  status: number;
  /** Whether the request carried an Access-Token header. */
  token: boolean;
  /** A mutation's Idempotency-Key header, if it sent one. */
  idempotencyKey?: string;
  /** Answered with the stored answer of an earlier request with the same Idempotency-Key (not applied again). */
  repeat?: boolean;
  at: number;
}

/**
 * True when `path` is `prefix` or lies below it as a path segment:
 * '/todos' matches '/todos' and '/todos/3' but not '/todosx'.
 */
export function matchesPrefix(path: string, prefix: string): boolean {
  if (prefix === '' || prefix === '/') return true;
  const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === p || path.startsWith(p + '/');
}

export interface RequestFilter {
  method?: string;
  /** Segment prefix, see matchesPrefix. */
  path?: string;
  /** Every given key must be present in the query with this value. */
  query?: Record<string, string>;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  add(entry: Omit<LoggedRequest, 'seq' | 'at' | 'status'>): LoggedRequest {
    const full: LoggedRequest = { ...entry, seq: ++this.seq, status: 0, at: Date.now() };
    this.entries.push(full);
    return full;
  }

  /** A copy, so callers can keep it as a snapshot. */
  all(): LoggedRequest[] {
    return this.entries.map((e) => ({ ...e, query: { ...e.query } }));
  }

  filter(f: RequestFilter = {}): LoggedRequest[] {
    return this.all().filter((e) => {
      if (f.method && e.method !== f.method.toUpperCase()) return false;
      if (f.path !== undefined && !matchesPrefix(e.path, f.path)) return false;
      if (f.query) for (const [k, v] of Object.entries(f.query)) if (e.query[k] !== v) return false;
      return true;
    });
  }

  /** count('GET', '/todos') counts GET /todos and GET /todos/:id. */
  count(method?: string, pathPrefix?: string, query?: Record<string, string>): number {
    return this.filter({ method, path: pathPrefix, query }).length;
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
