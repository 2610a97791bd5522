// How long to wait before the next try of a dropped connection.

/**
 * Reconnect delays: doubling from `initial` up to `max` ms.
 *
 * @example
 * liveStream({ url: '/events', messages, backoff: { initial: 500, max: 10_000 } });
 */
export interface BackoffOptions {
  /** The first wait, ms (default 1000). */
  readonly initial?: number;
  /** The longest wait, ms (default 30000). */
  readonly max?: number;
}

/**
 * The wait before try `attempt` (1 for the first retry): exponential, capped, with
 * "equal jitter" (half fixed, half random) so that clients dropped together by one server
 * restart do not all come back in the same millisecond.
 *
 * @example
 * backoffDelay(3, { initial: 1000, max: 30000 }, Math.random); // between 2000 and 4000
 */
export function backoffDelay(attempt: number, { initial = 1000, max = 30_000 }: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(max, initial * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + (ceiling / 2) * random();
}
