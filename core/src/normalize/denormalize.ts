// Uncached denormalization: one pass, nothing kept between calls. Memoized reads are MemoCache's.
import { denormalizer } from './Denormalizer';
import type { DenormalizeNullable } from '../schema/types';

/**
 * Build data for `schema` from a normalized `input` and the entity tables, without
 * caching across calls (use MemoCache for that). Deleted lone entities read as INVALID.
 * Entities with nested schemas read as one instance per pass (cycles close on
 * themselves); leaf entities repeated in one result may be distinct copies.
 *
 * @example
 * const todos = denormalize([Todo], ['1', '2'], state.entities);
 */
export function denormalize<S>(
  schema: S,
  input: any,
  entities: { readonly [key: string]: { readonly [pk: string]: any } | undefined },
  args: readonly any[] = [],
): DenormalizeNullable<S> | symbol {
  return pass(schema, input, entities, args);
}

const pass = denormalizer();
