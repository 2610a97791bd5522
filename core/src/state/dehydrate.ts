// The snapshot form of the store (DehydratedState): dehydrate for SSR and persistence, and
// hydrate, which merges one in (newer wins). Its text form is client/serializeState.ts's.
// Imported only by what hydrates or dehydrates: the client's own members do neither.
import { DEV } from '#dev';
import { flatTable, tableKeys } from '../normalize';
import { HYDRATE, type ActionTypes } from './actions';
import type { ChangeSet } from './ChangeSet';
import { initialState as emptyState, storedKeys, type State } from './State';

/** What `dehydrate` and `hydrate` take a store from: a client, or its controller. */
interface StoreOf {
  readonly controller?: StoreOf;
  readonly getConfirmedState?: () => State;
  readonly dispatch?: (action: ActionTypes) => Promise<void>;
}

/**
 * What a server hands to the browser (or a persisted store keeps): the stored
 * results, entities and their timings, with no optimistic updates (they hold
 * endpoint functions) and no reset time (a browser clock starts over). Values stay
 * what the store holds; `serializeState` makes it a string that survives an HTML page.
 */
export interface DehydratedState {
  /** Format version, so a page built by another release is refused, not misread. */
  readonly version: 1;
  readonly entities: State['entities'];
  readonly indexes: State['indexes'];
  readonly endpoints: State['endpoints'];
  readonly meta: State['meta'];
  readonly entitiesMeta: State['entitiesMeta'];
}

type Table = Record<string, unknown>;
type Tables = Readonly<Record<string, Readonly<Table> | undefined>>;

// The store's tables are layered (see normalize/layeredTable): a snapshot holds plain
// objects so that anything walking it with Object.keys or a spread sees every entry.
const flatTables = (tables: Tables): Record<string, Table> => {
  const out: Record<string, Table> = {};
  for (const k of tableKeys(tables)) if (tables[k]) out[k] = flatTable(tables[k]!);
  return out;
};

/**
 * A snapshot of a client's store (what it holds without pending optimistic updates), or
 * of a `state`, to send to the browser or keep. Failed reads keep their error so the
 * browser shows it instead of refetching before the error expired.
 *
 * @example
 * const snapshot = dehydrate(client);
 * const html = `<script>window.__RESTO__=${serializeState(snapshot)}</script>`;
 */
export function dehydrate(from: State | { readonly controller: object }): DehydratedState {
  const state = 'controller' in from ? (from.controller as StoreOf).getConfirmedState!() : from;
  return {
    version: 1,
    entities: flatTables(state.entities),
    indexes: state.indexes,
    endpoints: flatTable(state.endpoints),
    meta: flatTable(state.meta),
    entitiesMeta: flatTables(state.entitiesMeta) as State['entitiesMeta'],
  };
}

/**
 * Throws a TypeError naming what it got when `snapshot` is not one made by
 * {@link dehydrate}. @internal
 *
 * @example
 * assertSnapshot(JSON.parse(text)); // before dispatching it
 */
export function assertSnapshot(snapshot: unknown): asserts snapshot is DehydratedState {
  if (!snapshot || typeof snapshot !== 'object' || (snapshot as { version?: unknown }).version !== 1) {
    throw new TypeError(
      (DEV ? 'Resto hydrate: expected a snapshot from dehydrate(client) (version 1), got ' : 'Resto hydrate: got ') +
        (snapshot && typeof snapshot === 'object' ? `version ${String((snapshot as { version?: unknown }).version)}` : typeof snapshot),
    );
  }
}

/**
 * Merges a snapshot made by {@link dehydrate} into a running client (or its
 * controller): per endpoint key and per entity the newer one wins (by its `date`), so
 * hydrating late never overwrites a fresher response, and the readers of what it wrote
 * are woken. Resolves once stored; throws (synchronously) when `snapshot` is not one.
 * Given a snapshot first, it is the pure merge instead: a State from `snapshot` over
 * `base` (`changes`, when given, records the keys and entities it wrote).
 *
 * @example
 * await hydrate(client, parseState(savedText));
 * @example
 * const state = hydrate(snapshot, client.getSnapshot());
 */
export function hydrate(client: { readonly controller: object } | { readonly dispatch: object }, snapshot: DehydratedState): Promise<void>;
export function hydrate(snapshot: DehydratedState, base?: State, changes?: ChangeSet): State;
export function hydrate(target: object, snapshot?: unknown, changes?: ChangeSet): State | Promise<void> {
  if ('dispatch' in target || 'controller' in target) {
    // Refused here, not in the reducer, so the caller hears it and the store is untouched.
    assertSnapshot(snapshot);
    const { controller = target } = target as StoreOf;
    return (controller as StoreOf).dispatch!({ type: HYDRATE, snapshot, merge: hydrate });
  }
  return merge(target as DehydratedState, snapshot as State | undefined, changes);
}

function merge(snapshot: DehydratedState, base: State = emptyState(), changes?: ChangeSet): State {
  assertSnapshot(snapshot);
  const endpoints: Table = flatTable(base.endpoints);
  const meta = flatTable(base.meta) as Record<string, State['meta'][string]>;
  for (const key of storedKeys(snapshot)) {
    const mine = base.meta[key];
    const theirs = snapshot.meta[key];
    if (mine && theirs && mine.date >= theirs.date) continue;
    if (key in snapshot.endpoints) endpoints[key] = snapshot.endpoints[key];
    else delete endpoints[key];
    if (theirs) meta[key] = theirs;
    changes?.key(key);
  }
  const entities: Record<string, Table> = { ...(base.entities as Record<string, Table>) };
  const entitiesMeta: Record<string, Table> = { ...(base.entitiesMeta as Record<string, Table>) };
  for (const entityKey of tableKeys(snapshot.entities)) {
    const incoming = (snapshot.entities[entityKey] ?? {}) as Table;
    const incomingMeta = (snapshot.entitiesMeta[entityKey] ?? {}) as Record<string, { date: number } | undefined>;
    const table: Table = flatTable(base.entities[entityKey] ?? {});
    const tableMeta = flatTable(base.entitiesMeta[entityKey] ?? {}) as Record<string, { date: number } | undefined>;
    for (const pk of tableKeys(incoming)) {
      const mine = tableMeta[pk];
      const theirs = incomingMeta[pk];
      if (mine && theirs && mine.date >= theirs.date) continue;
      table[pk] = incoming[pk];
      if (theirs) tableMeta[pk] = theirs;
      changes?.entity(entityKey, pk);
    }
    entities[entityKey] = table;
    entitiesMeta[entityKey] = tableMeta;
  }
  return {
    ...base,
    entities,
    entitiesMeta: entitiesMeta as State['entitiesMeta'],
    // Lookup indexes: what the running client built wins; the snapshot's fill the gaps.
    indexes: { ...snapshot.indexes, ...base.indexes },
    endpoints,
    meta,
  };
}
