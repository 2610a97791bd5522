/**
 * Tombstone stored in place of an invalidated entity. Lists skip it; a lone read
 * returns it so the caller can tell "deleted" from "never fetched" (undefined).
 *
 * @example
 * if (data === INVALID) refetch();
 */
export const INVALID: unique symbol = Symbol.for('resto.invalid');
export type INVALID = typeof INVALID;

/**
 * Set on `Union.prototype`: what Invalidate and normalize check instead of
 * `instanceof Union`, so apps that never build a Union do not bundle it.
 */
export const UNION = Symbol('resto.union');
