import { DEV } from '#dev';

// ExpiryStatus's values, for core's own reads: a bundler inlines a constant (a number),
// not a property of the exported object.
/** {@link ExpiryStatus}.Invalid. @internal */
export const STATUS_INVALID = 1;
/** {@link ExpiryStatus}.InvalidIfStale. @internal */
export const STATUS_INVALID_IF_STALE = 2;
/** {@link ExpiryStatus}.Valid. @internal */
export const STATUS_VALID = 3;

/**
 * How usable a stored result is.
 * - `Invalid`: nothing usable (never fetched, invalidated, or deleted): fetch before showing.
 * - `InvalidIfStale`: usable only until it expires (`invalidIfStale`).
 * - `Valid`: usable; if stale it is shown while it revalidates.
 *
 * @example
 * const { expiryStatus } = controller.getResponse(TodoResource.get, { id: 1 }, state);
 * if (expiryStatus === ExpiryStatus.Invalid) await controller.fetch(TodoResource.get, { id: 1 });
 */
export const ExpiryStatus = {
  Invalid: STATUS_INVALID,
  InvalidIfStale: STATUS_INVALID_IF_STALE,
  Valid: STATUS_VALID,
} as const;
export type ExpiryStatus = (typeof ExpiryStatus)[keyof typeof ExpiryStatus];

/** Defaults of the anchor library, kept so apps port unchanged. */
export const DEFAULT_DATA_EXPIRY = 60_000;
export const DEFAULT_ERROR_EXPIRY = 1_000;

type ExpiryOptions = { readonly name?: string; readonly dataExpiryLength?: number; readonly errorExpiryLength?: number };

/** Endpoints already warned about a NaN expiry length (development only). */
let warned: WeakSet<object> | undefined;

/**
 * Meta for an outcome received `now` for a fetch that started at `fetchedAt`, expiring
 * after the endpoint's `option` (ms), or `fallback` when unset. NaN (from
 * `Number(process.env.X)` with the variable unset) counts as unset, with a warning:
 * it would make the result neither fresh nor stale, and a subscribed read would
 * re-arm its expiry timer every millisecond. Infinity never expires; a negative
 * length is stale at once.
 */
const metaAfter =
  (option: 'dataExpiryLength' | 'errorExpiryLength', fallback: number) =>
  (endpoint: ExpiryOptions, fetchedAt: number, now: number): { fetchedAt: number; date: number; expiresAt: number } => {
    const ms = endpoint[option];
    // NaN is the one value not equal to itself
    if (DEV && ms !== ms && !(warned ??= new WeakSet()).has(endpoint)) {
      warned.add(endpoint);
      console.warn(`Resto: ${endpoint.name}: ${option} is NaN (an unset environment variable?); using the default, ${fallback} ms`);
    }
    return { fetchedAt, date: now, expiresAt: now + (ms === ms ? (ms ?? fallback) : fallback) };
  };

/**
 * Meta for a response received now for a fetch that started at `fetchedAt`.
 *
 * @example
 * responseMeta(TodoResource.get, fetchedAt, Date.now()); // { fetchedAt, date, expiresAt: date + 60 s }
 */
export const responseMeta = /* @__PURE__ */ metaAfter('dataExpiryLength', DEFAULT_DATA_EXPIRY);

/**
 * Meta for an error received now.
 *
 * @example
 * errorMeta(TodoResource.get, fetchedAt, Date.now()); // { fetchedAt, date, expiresAt: date + 1 s }
 */
export const errorMeta = /* @__PURE__ */ metaAfter('errorExpiryLength', DEFAULT_ERROR_EXPIRY);

/**
 * Whether `expiresAt` has passed, reading the clock only when the answer depends on
 * it: nothing stored (0) has, Infinity never will. A read with nothing stored (what a
 * prerender meets) then decides without the clock, which Next.js's `cacheComponents`
 * counts as request-time data during a render.
 * @internal
 * @example
 * isPast(0); // true, no clock read
 */
export const isPast = (expiresAt: number): boolean => expiresAt <= 0 || (expiresAt < Infinity && expiresAt <= Date.now());

let lastNow = 0;
/** The clock's last reading, to tell it going back from our own steps running ahead of it. */
let lastClock = 0;
/**
 * Date.now(), but strictly increasing: two fetches or writes never share a start
 * time, so ordering and optimistic bookkeeping can always tell them apart.
 */
export function uniqueNow(): number {
  const now = Date.now();
  // Within one millisecond, step by a microsecond (past the millisecond if a busy one
  // needs more than a thousand steps); follow the clock back only when the clock itself
  // went back (set back, fake timers restored), never because the steps ran ahead of it.
  lastNow = now > lastNow || now < lastClock ? now : lastNow + 0.001;
  lastClock = now;
  return lastNow;
}
