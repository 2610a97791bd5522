import { flatTable, normalize, tableKeys, writeLayer } from '../normalize';
import { ownValue, setOwn } from '../schema/ownEntry';
import {
  EXPIRE_ALL,
  GC,
  HYDRATE,
  INVALIDATE,
  INVALIDATE_ALL,
  OPTIMISTIC,
  RESET,
  SET_RESPONSE,
  type ActionTypes,
  type OptimisticAction,
  type SetResponseAction,
} from './actions';
import { initialState, type PageInfo, type ResultMeta, type State } from './State';
import type { ChangeSet } from './ChangeSet';
import { hydrate } from './dehydrate';
import { deepEqual } from '../normalize';

/** Builds what `getOptimisticResponse(snapshot, ...args)` receives; supplied by the Controller. */
export type SnapshotFactory = (state: State, fetchedAt: number) => { readonly abort: unknown };

/**
 * The pure store reducer: `(state, action) -> state`. Optimistic updates are kept in
 * `state.optimistic` and applied on top by {@link applyOptimistic}, so the base state
 * only ever holds confirmed data and a failed mutation rolls back by simply
 * dropping its entry. `changes`, when given, records what the action changed (see
 * {@link ChangeSet}); optimistic updates are recorded by {@link applyOptimistic}.
 *
 * @example
 * const next = reducer(initialState(), { type: INVALIDATE, key: 'GET /todos' });
 */
export function reducer(state: State, action: ActionTypes, changes?: ChangeSet): State {
  switch (action.type) {
    case SET_RESPONSE:
      return withoutOptimistic(setResponse(state, action, false, changes), action.key, action.meta.fetchedAt);
    case OPTIMISTIC:
      return { ...state, optimistic: [...state.optimistic, action] };
    case INVALIDATE:
      return markKeys(state, (key) => key === action.key, invalidated(action.date), changes, action.key);
    case INVALIDATE_ALL:
      return markKeys(state, action.testKey, invalidated(action.date), changes);
    case EXPIRE_ALL:
      return markKeys(state, action.testKey, expired, changes);
    case RESET:
      if (changes) changes.all = true;
      return { ...initialState(), lastReset: action.date };
    case GC:
      if (changes) {
        for (const key of action.endpoints) changes.key(key);
        for (const [entityKey, pk] of action.entities) changes.entity(entityKey, pk);
      }
      return collect(state, action.endpoints, action.entities);
    case HYDRATE:
      return hydrate(action.snapshot, state, changes);
    default:
      return state;
  }
}

/**
 * The state views read: base state with every pending optimistic update applied in
 * start order. Each response is computed against the state below it, so two
 * overlapping updates of one entity compose instead of clobbering each other.
 */
export function applyOptimistic(state: State, makeSnapshot: SnapshotFactory, changes?: ChangeSet): State {
  let visible = state;
  for (const action of state.optimistic) {
    const snapshot = makeSnapshot(visible, action.meta.fetchedAt);
    let response: unknown;
    try {
      response = action.endpoint.getOptimisticResponse!.call(action.endpoint, snapshot, ...action.args);
    } catch (e) {
      // Throwing snapshot.abort cancels this update; anything else is a bug worth seeing.
      if (e !== snapshot.abort) console.error(`${action.endpoint.name}: getOptimisticResponse threw`, e);
      continue;
    }
    try {
      visible = setResponse(visible, { ...action, type: SET_RESPONSE, response }, true, changes);
    } catch (e) {
      // An optimistic value that does not fit the schema is skipped; the real response still lands.
      console.error(`${action.endpoint.name}: optimistic response does not fit the schema`, e);
    }
  }
  return visible;
}

/**
 * Keeps the identity of optimistic entities that did not change since the last
 * visible state. Replaying optimistic updates builds new objects each time; without
 * this, every unrelated action would re-render whatever shows a pending update.
 * Only tables that differ from `base` are fresh copies made by the replay, so they
 * may be patched in place before anyone sees them.
 */
export function keepOptimisticIdentity(prev: State, base: State, visible: State, written?: ChangeSet): State {
  if (visible === base || prev === base) return visible;
  const keep = (key: string, pk: string) => {
    const table = visible.entities[key] as Record<string, unknown> | undefined;
    const baseTable = base.entities[key];
    const prevTable = prev.entities[key];
    if (!table || table === baseTable || !prevTable) return;
    const value = ownValue(table, pk);
    if (baseTable && ownValue(baseTable, pk) === value) return;
    const before = ownValue(prevTable, pk);
    if (before !== undefined && before !== value && shallowEqual(before, value)) setOwn(table, pk, before);
  };
  if (written) {
    // Only what the replay wrote differs from base: no scan of whole tables.
    const e = written.entities;
    for (let i = 0; i < e.length; i += 2) keep(e[i]!, e[i + 1]!);
    return visible;
  }
  for (const key in visible.entities) {
    const table = visible.entities[key];
    if (table) for (const pk in table) keep(key, pk);
  }
  return visible;
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  return true;
}

function setResponse(state: State, action: SetResponseAction, optimistic: boolean, changes?: ChangeSet): State {
  const { endpoint, key, meta } = action;
  const prev = state.meta[key];
  changes?.key(key);
  if (action.error) return setError(state, key, endpoint.errorPolicy?.(action.response), action.response, meta);

  // A response to a fetch that started before the stored one never replaces it.
  // (An error with no data behind it does not count: any success beats it.)
  const older =
    prev !== undefined && prev.fetchedAt > meta.fetchedAt && (!prev.error || state.endpoints[key] !== undefined);
  let entities = state.entities;
  let indexes = state.indexes;
  let entitiesMeta = state.entitiesMeta;
  let result: unknown = action.response;
  if (endpoint.schema !== undefined && endpoint.schema !== null) {
    try {
      const store = changes
        ? { entities: state.entities, indexes: state.indexes, entitiesMeta: state.entitiesMeta, onWrite: changes.entity }
        : state;
      const n = normalize(endpoint.schema, action.response, action.args as any[], store as any, { ...meta, optimistic });
      ({ entities, indexes, entitiesMeta } = n as any);
      result = n.result;
    } catch (e) {
      if (optimistic) throw e;
      return setError(state, key, undefined, schemaError(endpoint.name, e), meta);
    }
  }
  let endpoints = state.endpoints;
  if (!older) {
    const stored = endpoints[key];
    if (stored === undefined || !deepEqual(stored, result)) endpoints = writeLayer(endpoints, { [key]: result });
  }
  if (endpoint.update) {
    const updaters = endpoint.update(result, ...action.args);
    let updated: Record<string, unknown> | undefined;
    for (const k in updaters) {
      if (endpoints[k] === undefined) continue;
      (updated ??= {})[k] = updaters[k]!(endpoints[k]);
      changes?.key(k);
    }
    if (updated) endpoints = writeLayer(endpoints, updated);
  }
  // A request started before an invalidation answers for the data as it was then:
  // it is stored, but the result stays invalid until a later fetch answers.
  const stillInvalid = prev?.invalidated && prev.invalidatedAt !== undefined && meta.fetchedAt < prev.invalidatedAt;
  let nextMeta: ResultMeta = older
    ? prev
    : stillInvalid
      ? { date: meta.date, fetchedAt: meta.fetchedAt, expiresAt: 0, invalidated: true, invalidatedAt: prev.invalidatedAt }
      : { date: meta.date, fetchedAt: meta.fetchedAt, expiresAt: meta.expiresAt, prevExpiresAt: prev?.expiresAt };
  const metaWrites: Record<string, ResultMeta> = {};
  const paging = optimistic ? undefined : pageOf(endpoint, action);
  if (paging && paging.key === key) {
    // The list's own response (page one): it starts the list over, so it sets where it stands.
    if (!older) nextMeta = { ...nextMeta, page: paging.page };
  } else if (paging) {
    // A page of another list: that list's meta records it, unless the list was
    // fetched again after this page was asked for (the page then answers for an old list)
    // and the page is not the one the refetched list stands at (its items joined the list).
    const list = state.meta[paging.key];
    const current = list !== undefined && (!(list.fetchedAt > meta.fetchedAt) || isNextOf(list, endpoint, action));
    if (list && endpoints[paging.key] !== undefined && current) {
      metaWrites[paging.key] = { ...list, page: paging.page };
      changes?.key(paging.key);
    }
  }
  if (nextMeta !== prev) metaWrites[key] = nextMeta;
  return {
    ...state,
    entities,
    indexes,
    entitiesMeta,
    endpoints,
    meta: Object.keys(metaWrites).length ? writeLayer(state.meta, metaWrites) : state.meta,
  };
}

/** Which list a response pages and where that list stands after it; undefined when it is no page. */
/** The page this response answers (its pagination field) is the one the list says comes next. */
function isNextOf(list: ResultMeta, endpoint: SetResponseAction['endpoint'], action: SetResponseAction): boolean {
  const field = (endpoint as { paginationField?: string }).paginationField;
  const asked = field === undefined ? undefined : (action.args[0] as Record<string, unknown> | undefined)?.[field];
  return asked !== undefined && asked !== null && list.page?.next !== undefined && String(asked) === String(list.page.next);
}

function pageOf(endpoint: SetResponseAction['endpoint'], action: SetResponseAction): { key: string; page: PageInfo } | undefined {
  if (!endpoint.pagination) return undefined;
  let found: { readonly key: string; readonly next: unknown } | undefined;
  try {
    found = endpoint.pagination(action.response, action.args);
  } catch (e) {
    // A broken nextPage must not cost the response: it is stored, the list just shows no next page.
    console.error(e);
    return undefined;
  }
  if (!found) return undefined;
  const next = found.next === null || found.next === undefined ? undefined : (found.next as string | number);
  return { key: found.key, page: { next, hasMore: next !== undefined } };
}

function setError(
  state: State,
  key: string,
  errorPolicy: 'soft' | undefined,
  error: unknown,
  meta: SetResponseAction['meta'],
): State {
  const prev = state.meta[key];
  // A request that started before the stored data was fetched cannot make that data wrong.
  if (prev !== undefined && !prev.error && !prev.invalidated && prev.fetchedAt > meta.fetchedAt) return state;
  const next: ResultMeta = {
    date: meta.date,
    // Keep the data's fetchedAt so ordering against later data responses still holds.
    fetchedAt: prev?.fetchedAt ?? meta.fetchedAt,
    expiresAt: meta.expiresAt,
    error,
    ...(errorPolicy ? { errorPolicy } : null),
    // A failed refetch leaves the stored pages, so where the list stands still holds.
    ...(prev?.page ? { page: prev.page } : null),
    // An invalidated result stays unusable until a fetch succeeds.
    ...(prev?.invalidated ? { invalidated: true as const, invalidatedAt: prev.invalidatedAt } : null),
  };
  return { ...state, meta: writeLayer(state.meta, { [key]: next }) };
}

/** Wraps a normalize failure so the message names the endpoint and the status says "bad response". */
function schemaError(endpointName: string, cause: unknown): Error & { status: number } {
  const message = cause instanceof Error ? cause.message : String(cause);
  const err = new Error(
    message.startsWith(endpointName) ? message : `${endpointName}: ${message}`,
    { cause },
  ) as Error & { status: number };
  err.name = 'SchemaError';
  err.status = (cause as { status?: number })?.status ?? 400;
  return err;
}

function withoutOptimistic(state: State, key: string, fetchedAt: number): State {
  if (state.optimistic.length === 0) return state;
  const optimistic = state.optimistic.filter(
    (a: OptimisticAction) => a.key !== key || a.meta.fetchedAt !== fetchedAt,
  );
  return optimistic.length === state.optimistic.length ? state : { ...state, optimistic };
}

// Both drop a stored error: the point is to fetch again now, not after errorExpiryLength.
const invalidated =
  (at: number | undefined) =>
  (m: ResultMeta | undefined): ResultMeta => ({
    date: m?.date ?? 0,
    fetchedAt: m?.fetchedAt ?? 0,
    expiresAt: 0,
    invalidated: true,
    ...(at !== undefined ? { invalidatedAt: at } : null),
  });
const expired = (m: ResultMeta | undefined): ResultMeta | undefined =>
  m && {
    date: m.date,
    fetchedAt: m.fetchedAt,
    expiresAt: 1,
    ...(m.invalidated ? { invalidated: true as const } : null),
    // Stale pages are still the pages shown: keep where the list stands.
    ...(m.page ? { page: m.page } : null),
  };

function markKeys(
  state: State,
  test: (key: string) => boolean,
  mark: (m: ResultMeta | undefined) => ResultMeta | undefined,
  changes: ChangeSet | undefined,
  /** The one key to look at (invalidate): no scan of every key. */
  only?: string,
): State {
  let meta: Record<string, ResultMeta | undefined> | undefined;
  const keys = only !== undefined ? [only] : new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)]);
  for (const key of keys) {
    if (!test(key) || (only !== undefined && !(key in state.endpoints) && !(key in state.meta))) continue;
    const next = mark(state.meta[key]);
    if (next === undefined) continue;
    (meta ??= {})[key] = next;
    changes?.key(key);
  }
  return meta ? { ...state, meta: writeLayer(state.meta, meta) } : state;
}

function collect(
  state: State,
  endpointKeys: readonly string[],
  entityRefs: readonly (readonly [string, string])[],
): State {
  const endpoints = flatTable(state.endpoints) as Record<string, unknown>;
  const meta = flatTable(state.meta) as Record<string, unknown>;
  for (const key of endpointKeys) {
    delete endpoints[key];
    delete meta[key];
  }
  let entities = state.entities as Record<string, Record<string, unknown> | undefined>;
  let entitiesMeta = state.entitiesMeta as Record<string, Record<string, unknown> | undefined>;
  if (entityRefs.length) {
    entities = { ...entities };
    entitiesMeta = { ...entitiesMeta };
    const copied = new Set<string>();
    for (const [entityKey, pk] of entityRefs) {
      if (!entities[entityKey]) continue;
      if (!copied.has(entityKey)) {
        copied.add(entityKey);
        entities[entityKey] = flatTable(entities[entityKey]!);
        if (entitiesMeta[entityKey]) entitiesMeta[entityKey] = flatTable(entitiesMeta[entityKey]!);
      }
      delete entities[entityKey]![pk];
      if (entitiesMeta[entityKey]) delete entitiesMeta[entityKey]![pk];
    }
  }
  return { ...state, endpoints, meta: meta as State['meta'], entities, entitiesMeta: entitiesMeta as State['entitiesMeta'] };
}
