import { Denormalizer } from './Denormalizer';
import type { DenormalizeNullable } from '../schema/types';

/**
 * Build data for `schema` from a normalized `input` and the entity tables, without
 * caching across calls (use MemoCache for that). Deleted lone entities read as INVALID.
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
  return new Denormalizer(entities, args).visit(schema, input);
}
