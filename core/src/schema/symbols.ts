import { DEV } from '#dev';

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
 * Which schema class an object is, on the prototypes of Union ('Union'), ObjectSchema
 * ('Object'), ArraySchema and Collection's own `[S]` list ('Array'), Collection
 * ('Collection') and CollectionChange ('CollectionChange'): what Invalidate, normalize,
 * schemaDefaults and Collection check instead of `instanceof`, so apps that never build
 * one do not bundle its class.
 */
// (described in development only: nothing reads the description)
export const KIND = Symbol(DEV ? 'resto.schemaKind' : '');
