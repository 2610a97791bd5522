// The INVALIDATE, INVALIDATE_ALL and EXPIRE_ALL reductions: marking result meta invalid or
// stale, by key or by test.
import { tableKeys, writeLayer } from '../normalize';
import type { ChangeSet } from './ChangeSet';
import type { ResultMeta, State } from './State';

// Both drop a stored error: the point is to fetch again now, not after errorExpiryLength.
/** Meta that makes a result unusable until a fetch answers. */
export const invalidated =
  (at: number | undefined) =>
  (m: ResultMeta | undefined): ResultMeta => ({
    date: m?.date ?? 0,
    fetchedAt: m?.fetchedAt ?? 0,
    expiresAt: 0,
    invalidated: true,
    ...(at !== undefined ? { invalidatedAt: at } : null),
  });
/** Meta that makes a result stale (still shown while it revalidates). */
export const expired = (m: ResultMeta | undefined): ResultMeta | undefined =>
  m && {
    date: m.date,
    fetchedAt: m.fetchedAt,
    expiresAt: 1,
    // Still invalid, and since when: an answer to a fetch started before that stays invalid.
    ...(m.invalidated ? { invalidated: true as const, invalidatedAt: m.invalidatedAt } : null),
    // Stale pages are still the pages shown: keep where the list stands.
    ...(m.page ? { page: m.page } : null),
  };

/**
 * INVALIDATE, INVALIDATE_ALL and EXPIRE_ALL: marks the meta of every key that passes
 * `test` with `mark`.
 *
 * @example
 * markKeys(state, (key) => key === 'GET /todos', invalidated(Date.now()), changes);
 */
export function markKeys(
  state: State,
  test: (key: string) => boolean,
  mark: (m: ResultMeta | undefined) => ResultMeta | undefined,
  changes: ChangeSet | undefined,
  /** The one key to look at (invalidate): no scan of every key. */
  only?: string,
  /** Mark `only` even when nothing is stored under it. */
  always?: boolean,
): State {
  let meta: Record<string, ResultMeta | undefined> | undefined;
  const keys = only !== undefined ? [only] : new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)]);
  for (const key of keys) {
    if (!test(key) || (only !== undefined && !always && !(key in state.endpoints) && !(key in state.meta))) continue;
    const next = mark(state.meta[key]);
    if (next === undefined) continue;
    (meta ??= {})[key] = next;
    changes?.key(key);
  }
  return meta ? { ...state, meta: writeLayer(state.meta, meta) } : state;
}
