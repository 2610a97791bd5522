// Uncached denormalization: one Denormalizer pass, reused between calls. Memoized reads
// are MemoCache's.
import { Denormalizer } from './Denormalizer';
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
  // one pass object reused across calls; a nested call (from a process hook) gets its own
  const d = idle ?? new Denormalizer(entities, args);
  idle = undefined;
  d.reset(entities, args);
  try {
    return d.visit(schema, input);
  } finally {
    d.reset(empty, none);
    idle = d;
  }
}

const empty = {};
const none: readonly any[] = [];
let idle: Denormalizer | undefined;
