// The SET_RESPONSE reduction: storing a response or an error under its key (normalized,
// ordered by fetch time, invalidation, `update`, and page info when imported), and dropping the
// optimistic update it answers.
import { DEV } from '#dev';
import { deepEqual, normalize, writeLayer } from '../normalize';
import type { OptimisticAction, SetResponseAction } from './actions';
import type { ChangeSet } from './ChangeSet';
import { invalidated } from './invalidate';
import type { State } from './State';

/** A response to store: a SET_RESPONSE, or a pending optimistic update's (which needs no type). */
type Response = Omit<SetResponseAction, 'type'>;

/**
 * Where page info plugs into storing a response: pageInfo.ts sets `record` when it is
 * imported, so apps that never read page info do not carry its rule. It gets the state
 * before and the one stored, and returns the latter with the page info written.
 *
 * @example
 * pageHook.record = (state, next, action, older) => next;
 */
export const pageHook: {
  record?: (state: State, next: State, action: Response, older: boolean, changes: ChangeSet | undefined) => State;
} = {};

/**
 * SET_RESPONSE: stores a response under its key, normalized into the tables, never
 * over a newer one, with page info and `update` applied; a failure (or a response
 * that does not fit the schema) is stored as the key's error instead.
 *
 * @example
 * const next = setResponse(state, action, false);
 */
export function setResponse(state: State, action: Response, optimistic: boolean | number[], changes?: ChangeSet): State {
  const { endpoint, key, meta } = action;
  const prev = state.meta[key];
  // The stored result's fetch started after this one (`>` undefined is false).
  const newerStored = (prev?.fetchedAt as number) > meta.fetchedAt;
  changes?.key(key);
  let failed = action.error;
  let policy: 'soft' | undefined;
  // The entity tables with the response's entities written (the state's own when it has none).
  let tables: Pick<State, 'entities' | 'entitiesMeta'> = state;
  let result: unknown = action.response;
  if (failed) {
    try {
      policy = endpoint.errorPolicy?.(result);
    } catch {
      // An errorPolicy written for other errors (reading error.response.status of a
      // TypeError, say) must not keep the read loading forever: the error is hard.
    }
  } else if (endpoint.schema != null && result != null) {
    // No data (a 204, a nullable endpoint's null) is stored as it is: normalize() rejects it.
    try {
      // The store normalize writes over, telling the change set what it writes.
      const n = normalize(endpoint.schema, result, action.args as any[], (changes ? { ...state, onWrite: changes.entity } : state) as any, meta, optimistic);
      tables = n;
      result = n.result;
    } catch (e) {
      if (optimistic) throw e;
      // Stored wrapped: the message names the endpoint and the status says "bad response".
      const message = String((e as Error | undefined)?.message ?? e);
      const name = endpoint.name;
      result = Object.assign(new Error(message.startsWith(name) ? message : `${name}: ${message}`, { cause: e }), {
        name: 'SchemaError',
        status: (e as { status?: number })?.status ?? 400,
      });
      failed = true;
    }
  }
  if (failed) {
    // A request that started before the stored data was fetched cannot make that data wrong.
    // What else the key's meta says stays: an invalidated result stays unusable until a fetch
    // succeeds, and a failed refetch leaves the stored pages, so where the list stands holds.
    // The data's fetchedAt stays, so ordering against later data responses still holds.
    return newerStored && !prev!.error && !prev!.invalidated
      ? state
      : { ...state, meta: writeLayer(state.meta, { [key]: { ...prev, ...meta, fetchedAt: prev?.fetchedAt ?? meta.fetchedAt, error: result, errorPolicy: policy } }) };
  }

  // A response to a fetch that started before the stored one never replaces it.
  // (An error with no data behind it does not count: any success beats it.)
  const older = newerStored && (!prev!.error || state.endpoints[key] !== undefined);
  let endpoints = state.endpoints;
  if (!older) {
    const stored = endpoints[key];
    if (stored === undefined || !deepEqual(stored, result)) endpoints = writeLayer(endpoints, { [key]: result });
  }
  if (endpoint.update) {
    // An updater that throws is the app's bug, not the server's: the mutation happened,
    // so its response is still stored (and its fetch resolves); only the results the
    // updater meant to change stay as they were.
    try {
      const updaters = endpoint.update(result, ...action.args);
      let updated: Record<string, unknown> | undefined;
      for (const k in updaters) {
        if (endpoints[k] === undefined) continue;
        (updated ??= {})[k] = updaters[k]!(endpoints[k]);
        changes?.key(k);
      }
      if (updated) endpoints = writeLayer(endpoints, updated);
    } catch (e) {
      console.error(DEV ? `${endpoint.name}.update threw storing ${key}; the other results it changes are left as they were:` : `${endpoint.name}.update:`, e);
    }
  }
  // One new State (the index table is the store's own: normalize keeps none). A request
  // started before an invalidation answers for the data as it was then: it is stored, but
  // the result stays invalid until a later fetch answers (`<` undefined is false).
  const next: State = {
    ...state,
    entities: tables.entities,
    entitiesMeta: tables.entitiesMeta,
    endpoints,
    meta: older
      ? state.meta
      : writeLayer(state.meta, { [key]: prev?.invalidated && meta.fetchedAt < (prev.invalidatedAt as number) ? invalidated(prev.invalidatedAt)(meta) : meta }),
  };
  // The action's meta is stored as it is: its makers (Controller.resolve, the optimistic
  // action) build it with responseMeta / errorMeta, nothing else. Page info, when the app
  // imported it (pageInfo.ts), is written after.
  return !optimistic && pageHook.record ? pageHook.record(state, next, action, older, changes) : next;
}

/**
 * Drops the optimistic update `action` (a response, or an OPTIMISTIC drop) answers: the
 * pending one of its key and start.
 *
 * @example
 * withoutOptimistic(state, action); // state when none is pending
 */
export function withoutOptimistic(state: State, { key, meta }: SetResponseAction | OptimisticAction): State {
  const optimistic = state.optimistic.filter((a) => a.key !== key || a.meta.fetchedAt !== meta.fetchedAt);
  return optimistic.length < state.optimistic.length ? { ...state, optimistic } : state;
}
