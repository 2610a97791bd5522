// Everything the server remembers between requests: the data, access tokens, the
// request log and the test controls (injected failures and delays). reset()
// returns all of it to the seed.
import { Db, type Seed, type User } from './data';
import { HttpError, type Ctx } from './http';
import { LiveHub } from './live';
import { RequestLog } from './requests';

export interface FailRule {
  method: string;
  path: string;
  status?: number;
  message?: string;
  /** How many matching requests fail. Default 1. */
  times?: number;
}

export interface DelayRule {
  method: string;
  path: string;
  ms: number;
  times?: number;
}

/** What a mutation with an Idempotency-Key was answered, to answer its repeats the same. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | number | readonly string[]>;
  body: unknown;
}

export class ServerState {
  db: Db;
  readonly requests = new RequestLog();
  /** Open /live streams and the changes sent to them; reset() keeps them (the streams stay open). */
  readonly live = new LiveHub();
  flakyCalls = 0;
  private tokens = new Map<string, { userId: number; expiresAt: number }>();
  private tokenCounter = 0;
  private failRules: Array<Required<FailRule>> = [];
  private delayRules: Array<Required<DelayRule>> = [];
  private holdRules: Array<{ method: string; path: string; times: number; gate: Promise<void> }> = [];
  /** Answers of mutations by their Idempotency-Key (first request wins). */
  answers = new Map<string, Promise<StoredAnswer>>();

  constructor(
    private readonly seed: Seed,
    readonly pageSize: number,
    private readonly tokenTtlMs: number,
  ) {
    this.db = new Db(seed);
  }

  reset() {
    this.db = new Db(this.seed);
    this.tokens = new Map();
    this.tokenCounter = 0;
    this.flakyCalls = 0;
    this.failRules = [];
    this.delayRules = [];
    this.holdRules = [];
    this.answers = new Map();
    this.requests.clear();
  }

  // ---- access tokens ------------------------------------------------------

  issueToken(user: User): { accessToken: string; expiresAt: number } {
    const accessToken = `tok-${++this.tokenCounter}-${user.id}-${Math.random().toString(36).slice(2, 10)}`;
    const expiresAt = Date.now() + this.tokenTtlMs;
    this.tokens.set(accessToken, { userId: user.id, expiresAt });
    return { accessToken, expiresAt };
  }

  revokeToken(token: string) {
    this.tokens.delete(token);
  }

  expireTokens() {
    for (const t of this.tokens.values()) t.expiresAt = 0;
  }

  /** The user of the request's `Access-Token`; 401 when it is bad, or missing and required. */
  userFromToken(ctx: Ctx, required: boolean): User | null {
    const raw = ctx.req.headers['access-token'];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) {
      if (required) throw new HttpError(401, 'Access token missing');
      return null;
    }
    const t = this.tokens.get(token);
    if (!t) throw new HttpError(401, 'Access token invalid');
    if (t.expiresAt <= Date.now()) throw new HttpError(401, 'Access token expired');
    const u = this.db.users.get(t.userId);
    if (!u) throw new HttpError(401, 'Access token invalid');
    return u;
  }

  // Mutations accept anonymous calls so the demo works before logging in, but a
  // token that IS sent must be valid: that is how a logged-in app meets a 401.
  optionalUser = (ctx: Ctx) => this.userFromToken(ctx, false);
  requireUser = (ctx: Ctx) => this.userFromToken(ctx, true) as User;

  // ---- test controls ------------------------------------------------------

  failNext(rule: FailRule) {
    this.failRules.push({
      method: rule.method.toUpperCase(),
      path: rule.path,
      status: rule.status ?? 500,
      message: rule.message ?? `Injected failure for ${rule.method.toUpperCase()} ${rule.path}`,
      times: rule.times ?? 1,
    });
  }

  delayNext(rule: DelayRule) {
    this.delayRules.push({ method: rule.method.toUpperCase(), path: rule.path, ms: rule.ms, times: rule.times ?? 1 });
  }

  /** The next matching request waits (after it is logged) until the returned function is called. */
  holdNext(rule: { method: string; path: string }): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.holdRules.push({ method: rule.method.toUpperCase(), path: rule.path, times: 1, gate });
    return release;
  }

  /** Applies the first matching hold, delay and failure rule (each used up once). */
  async applyRules(method: string, path: string) {
    const hold = take(this.holdRules, method, path);
    if (hold) await hold.gate;
    const delay = take(this.delayRules, method, path);
    if (delay) await new Promise((r) => setTimeout(r, delay.ms));
    const fail = take(this.failRules, method, path);
    if (fail) throw new HttpError(fail.status, fail.message);
  }
}

/** Consumes one use of the first rule that matches. */
function take<R extends { method: string; path: string; times: number }>(rules: R[], method: string, path: string) {
  const i = rules.findIndex((r) => r.method === method && r.path === path);
  if (i < 0) return undefined;
  const r = rules[i]!;
  if (--r.times <= 0) rules.splice(i, 1);
  return r;
}
