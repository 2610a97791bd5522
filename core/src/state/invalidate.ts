// The INVALIDATE, INVALIDATE_ALL and EXPIRE_ALL reductions: marking result meta invalid or
// stale, by key or by test.
import { writeLayer } from '../normalize';
import type { ChangeSet } from './ChangeSet';
import { storedKeys, type ResultMeta, type State } from './State';

// Both drop a stored error: the point is to fetch again now, not after errorExpiryLength.
/** Meta that makes a result unusable until a fetch answers. */
export const invalidated =
  (at: number | undefined) =>
  (m: ResultMeta | undefined): ResultMeta => ({
    date: m?.date ?? 0,
    fetchedAt: m?.fetchedAt ?? 0,
    expiresAt: 0,
    invalidated: true,
    invalidatedAt: at,
  });
/** Meta that makes a result stale (still shown while it revalidates). */
export const expired = (m: ResultMeta | undefined): ResultMeta | undefined =>
  // The rest stays: still invalid, and since when (an answer to a fetch started before that
  // stays invalid), and where a paginated list stands (stale pages are still the pages shown).
  m && { ...m, expiresAt: 1, error: undefined, errorPolicy: undefined };

/**
 * INVALIDATE, INVALIDATE_ALL and EXPIRE_ALL: marks with `mark` the meta of every key
 * that passes `test`, or of the one key `test` names (when something is stored under
 * it, or `always`).
 *
 * @example
 * markKeys(state, (key) => key.startsWith('GET /todos'), invalidated(Date.now()), changes);
 * markKeys(state, 'GET /todos', invalidated(Date.now()), changes);
 */
export function markKeys(
  state: State,
  /** The keys to mark, or the one key (invalidate: no scan of every key). */
  test: ((key: string) => boolean) | string,
  mark: (m: ResultMeta | undefined) => ResultMeta | undefined,
  changes: ChangeSet | undefined,
  /** Mark the one key even when nothing is stored under it. */
  always?: boolean,
): State {
  let meta: Record<string, ResultMeta | undefined> | undefined;
  const one = typeof test === 'string';
  for (const key of one ? [test] : storedKeys(state)) {
    if (one ? !always && !(key in state.endpoints || key in state.meta) : !test(key)) continue;
    const next = mark(state.meta[key]);
    if (!next) continue;
    (meta ??= {})[key] = next;
    changes?.key(key);
  }
  return meta ? { ...state, meta: writeLayer(state.meta, meta) } : state;
}
