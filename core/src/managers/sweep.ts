// The pieces of a GC sweep that GCPolicy and BoundedGCPolicy share: the reads a sweep
// weighs, which are past their grace, which entities nothing kept go.
import { ownValue } from '../schema/ownEntry';
import { storedKeys, type State } from '../state';

/** A read the sweep knows: a stored result (by its key) or a live query (its own object). @internal */
export interface Known {
  /** The result's schema or the query's; a query has no `key`. */
  readonly schema?: unknown;
  readonly args?: readonly unknown[];
  readonly key?: string;
  refs: number;
  lastRead: number;
}

/**
 * What a sweep weighs: every record of a read (results by key, live queries), and each
 * stored result that has none (never read: read at 0, recorded nowhere). @internal
 *
 * @example
 * for (const read of readsOf(state, known)) if (!expired(read, state, known, now, graceMS)) reach(read, state, kept, kept);
 */
export function readsOf(state: State, known: Map<unknown, Known>): Known[] {
  const reads = [...known.values()];
  for (const key of storedKeys(state)) if (!known.has(key)) reads.push({ key, refs: 0, lastRead: 0 });
  return reads;
}

/**
 * Nobody reads it, and it is past the grace after its expiry or its last read: its
 * record is forgotten, and true when the store holds it (a result that failed before
 * storing, or is gone already, is only forgotten). @internal
 *
 * @example
 * if (expired(read, state, known, Date.now(), 60_000)) doomed.push(read.key!);
 */
export const expired = ({ key, refs, lastRead }: Known, { meta, endpoints }: State, known: Map<unknown, Known>, now: number, graceMS: number): boolean =>
  !refs && now > Math.max(meta[key!]?.expiresAt ?? 0, lastRead) + graceMS && (known.delete(key), key! in meta || key! in endpoints);

/**
 * The entities nothing kept reaches that go: past their own expiry and grace (by
 * `entitiesMeta`), or fresh ones `stays` refuses. @internal
 *
 * @example
 * const entities = unreached(state.entities, state.entitiesMeta, kept, Date.now(), 60_000);
 */
export function unreached(entities: State['entities'], meta: State['entitiesMeta'], kept: Set<string>, now: number, graceMS: number, stays?: () => boolean): [string, string][] {
  const out: [string, string][] = [];
  for (const entityKey in entities) {
    for (const pk in entities[entityKey]) {
      const m = ownValue(meta[entityKey], pk);
      if (!kept.has(entityKey + '\0' + pk) && (!m || now > m.expiresAt + graceMS || stays?.() === false)) out.push([entityKey, pk]);
    }
  }
  return out;
}
