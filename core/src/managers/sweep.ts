// The pieces of a GC sweep that GCPolicy and BoundedGCPolicy share: which results are past
// their grace, what a kept one reaches, and which unreached entities go.
import type { Controller } from '../controller';
import { queryKey } from '../normalize';
import { ownValue } from '../schema/ownEntry';
import type { State } from '../state';
import { reach } from './reach';

/** A read the sweep knows: a stored result (by its key) or a live query (its own object). @internal */
export interface Known {
  /** The result's schema or the query's; a query has no `key`. */
  readonly schema: unknown;
  readonly args: readonly unknown[];
  readonly key?: string;
  refs: number;
  lastRead: number;
}

/**
 * Nobody reads it, and it is past its expiry and the grace after its last read. @internal
 *
 * @example
 * if (expired(read, state, Date.now(), 60_000)) doomed.push(read.key!);
 */
export const expired = ({ key, refs, lastRead }: Known, state: State, now: number, graceMS: number): boolean =>
  !refs && now > Math.max(state.meta[key!]?.expiresAt ?? 0, lastRead + graceMS);

/**
 * Adds to `into` what `read` reaches beyond `seen`: walked from its stored pks (a live
 * query's: those its args find). @internal
 *
 * @example
 * reachOf(read, state, kept, kept);
 */
export const reachOf = ({ key, schema, args }: Known, state: State, into: Set<string>, seen: Set<string>): void =>
  reach(schema, key ? state.endpoints[key] : queryKey(schema, args, state.entities), state.entities, args, into, seen);

/**
 * The entities nothing kept reaches that go: past their own expiry and grace, or fresh
 * ones `stays` refuses (those the sweep started from; entities stored since are left for
 * the next one; by their meta as it is now: one stored again while a sweep yielded is
 * fresh). @internal
 *
 * @example
 * const entities = unreached(state, controller, kept, Date.now(), 60_000);
 */
export function unreached(state: State, controller: Controller, kept: Set<string>, now: number, graceMS: number, stays?: () => boolean): Chosen[1] {
  const entities: Chosen[1] = [];
  for (const entityKey in state.entities) {
    for (const pk in state.entities[entityKey]) {
      if (kept.has(entityKey + '\u0000' + pk)) continue;
      const m = ownValue(controller.getState().entitiesMeta[entityKey], pk);
      if (!m || now > m.expiresAt + graceMS || stays?.() === false) entities.push([entityKey, pk]);
    }
  }
  return entities;
}

/** What a sweep removes: result keys, and entities as [entity key, pk]. @internal */
export type Chosen = [endpoints: string[], entities: (readonly [string, string])[]];
