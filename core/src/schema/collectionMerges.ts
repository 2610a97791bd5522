// The stock merges (push, unshift, assign) that decide where new members join a stored collection.
import type { CollectionMerge } from './CollectionChange';

/**
 * Merge for `addWith` / `moveWith`: new members go after the stored ones.
 *
 * @example
 * const appendNew = todoList.addWith(push);
 */
export const push: CollectionMerge = (existing, incoming) => [...existing, ...incoming];

/**
 * Merge for `addWith` / `moveWith`: new members go before the stored ones
 * (newest first).
 *
 * @example
 * class NewestFirst extends Collection {
 *   constructor(schema: any, options?: CollectionOptions) {
 *     super(schema, options);
 *     this.push = this.addWith(unshift);
 *     this.move = this.moveWith(unshift);
 *   }
 * }
 */
export const unshift: CollectionMerge = (existing, incoming) => [...incoming, ...existing];

/**
 * Merge for Values collections: incoming members overwrite stored ones by key.
 *
 * @example
 * const merge = stats.addWith(assign);
 */
export const assign: CollectionMerge = (existing, incoming) => ({ ...existing, ...incoming });
