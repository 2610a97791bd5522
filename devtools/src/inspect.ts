import type { Controller, EntityMeta, State } from '@resto/core';
// Store tables are layered (each write is a small object over the previous table):
// `Object.keys` sees only the top layer, `tableKeys` every entry.
import { tableKeys } from '@resto/core/internal';
import type { DevtoolsManager } from './DevtoolsManager';

/** An entity met in denormalized data, with the entities it holds. */
export interface EntityNode {
  readonly entityKey: string;
  readonly pk: string;
  readonly children: readonly EntityNode[];
}

/** How a stored read stands, as the Reads tab shows it. */
export type ReadStatus = 'fresh' | 'stale' | 'invalid' | 'loading' | 'error';

/** One row of the Reads tab. */
export interface ReadRow {
  readonly key: string;
  readonly status: ReadStatus;
  readonly observers: number;
  readonly pollFrequency: number | undefined;
  /** When the stored result was fetched (ms since epoch), if ever. */
  readonly fetchedAt: number | undefined;
  readonly expiresAt: number | undefined;
  readonly error: string | undefined;
  /** The panel can refetch it (the manager saw its endpoint and args). */
  readonly refetchable: boolean;
}

/** One entity of the Entities tab. */
export interface EntityRow {
  readonly entityKey: string;
  readonly pk: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly meta: EntityMeta | undefined;
  /** A pending optimistic update shows this entity (its value is not confirmed yet). */
  readonly optimistic: boolean;
}

const refId = (entityKey: string, pk: string) => `${entityKey}:${pk}`;

function entityOf(value: object): { entityKey: string; pk: string } | undefined {
  const ctor = (value as { constructor?: { key?: unknown } }).constructor;
  const pk = (value as { pk?: unknown }).pk;
  if (typeof pk !== 'function' || typeof ctor?.key !== 'string') return undefined;
  let id: unknown;
  try {
    id = pk.call(value);
  } catch {
    return undefined;
  }
  return id === undefined || id === null ? undefined : { entityKey: ctor.key, pk: String(id) };
}

/**
 * The entity graph of denormalized data: each entity with the entities it holds,
 * each entity expanded once (a cycle or a repeat shows as a leaf).
 *
 * @example
 * entityGraph(await ctrl.fetch(PostResource.get, { id: 1 }));
 * // [{ entityKey: 'Post', pk: '1', children: [{ entityKey: 'User', pk: '3', children: [] }, ...] }]
 */
export function entityGraph(data: unknown): EntityNode[] {
  const expanded = new Set<string>();
  const seen = new Set<object>();
  const walk = (value: unknown, into: EntityNode[]) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const ref = entityOf(value);
    if (ref) {
      const id = refId(ref.entityKey, ref.pk);
      const children: EntityNode[] = [];
      into.push({ ...ref, children });
      if (expanded.has(id)) return;
      expanded.add(id);
      for (const v of Object.values(value)) walk(v, children);
      return;
    }
    for (const v of Array.isArray(value) ? value : Object.values(value)) walk(v, into);
  };
  const roots: EntityNode[] = [];
  walk(data, roots);
  return roots;
}

/**
 * Every entity reachable in denormalized data, as `Key:pk` ids.
 *
 * @example
 * entityIds(await ctrl.fetch(TodoResource.getList)); // Set { 'Todo:1', 'Todo:2', ... }
 */
export function entityIds(data: unknown): Set<string> {
  const ids = new Set<string>();
  const visit = (nodes: readonly EntityNode[]) => {
    for (const n of nodes) {
      ids.add(refId(n.entityKey, n.pk));
      visit(n.children);
    }
  };
  visit(entityGraph(data));
  return ids;
}

/**
 * The denormalized data of a read in `state`, or undefined when it cannot be read.
 *
 * @example
 * readData(client.controller, devtools, 'GET /todos/1', entry.state); // the Todo as it was then
 */
export function readData(controller: Controller, devtools: DevtoolsManager, key: string, state: State): unknown {
  const ref = devtools.knownReads.get(key);
  if (!ref) return state.endpoints[key];
  try {
    return controller.getResponse(ref.endpoint, ...ref.args, state).data;
  } catch {
    return undefined;
  }
}

/**
 * Which reads reference each entity (`Key:pk` -> endpoint keys), from the stored
 * results the manager knows the endpoint of.
 *
 * @example
 * referencesByEntity(controller, devtools, state).get('Todo:5'); // ['GET /todos', 'GET /todos/5']
 */
export function referencesByEntity(controller: Controller, devtools: DevtoolsManager, state: State): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of tableKeys(state.endpoints)) {
    for (const id of entityIds(readData(controller, devtools, key, state))) {
      const list = out.get(id);
      if (list) list.push(key);
      else out.set(id, [key]);
    }
  }
  return out;
}

/**
 * Entities a pending optimistic update currently shows (`Key:pk`).
 *
 * @example
 * optimisticEntities(client.controller, client.getSnapshot()).has('Todo:5'); // true while its PATCH is pending
 */
export function optimisticEntities(controller: Controller, state: State): Set<string> {
  const ids = new Set<string>();
  for (const action of state.optimistic) {
    try {
      for (const id of entityIds(controller.getResponse(action.endpoint, ...action.args, state).data)) ids.add(id);
    } catch {
      // An update that no longer applies shows nothing.
    }
  }
  return ids;
}

/**
 * Rows of the Entities tab, table by table, filtered by `search` (matched against
 * `Key`, `Key:pk`, `Key pk`, pk and field values; case-insensitive).
 *
 * @example
 * entityRows(controller, state, 'todo 5'); // the Todo with pk 5 (and any other match)
 */
export function entityRows(controller: Controller, state: State, search = ''): Map<string, EntityRow[]> {
  const q = search.trim().toLowerCase();
  const optimistic = state.optimistic.length ? optimisticEntities(controller, state) : new Set<string>();
  const tables = new Map<string, EntityRow[]>();
  for (const entityKey of tableKeys(state.entities).sort()) {
    const table = state.entities[entityKey] ?? {};
    const rows: EntityRow[] = [];
    for (const pk of tableKeys(table)) {
      const fields = (table[pk] ?? {}) as Record<string, unknown>;
      if (q && !matches(q, entityKey, pk, fields)) continue;
      rows.push({
        entityKey,
        pk,
        fields,
        meta: state.entitiesMeta[entityKey]?.[pk],
        optimistic: optimistic.has(refId(entityKey, pk)),
      });
    }
    if (rows.length || !q) tables.set(entityKey, rows);
  }
  return tables;
}

function matches(q: string, entityKey: string, pk: string, fields: Record<string, unknown>): boolean {
  const key = entityKey.toLowerCase();
  const id = pk.toLowerCase();
  if (q === key || q === id || q === `${key}:${id}` || q === `${key} ${id}` || q === `${key}#${id}`) return true;
  if (key.includes(q)) return true;
  for (const v of Object.values(fields)) {
    if ((typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(q)) return true;
  }
  return false;
}

/**
 * Rows of the Reads tab: every stored or observed endpoint key with its status.
 *
 * @example
 * readRows(devtools, client.getSnapshot()).find((r) => r.key === 'GET /todos')?.status; // 'fresh'
 */
export function readRows(devtools: DevtoolsManager, state: State, now = Date.now()): ReadRow[] {
  const keys = new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)]);
  for (const r of devtools.inFlight) if (devtools.knownReads.get(r.key)?.endpoint.sideEffect !== true) keys.add(r.key);
  for (const key of devtools.knownReads.keys()) if (devtools.observerCount(key) > 0) keys.add(key);
  const rows: ReadRow[] = [];
  for (const key of [...keys].sort()) {
    const ref = devtools.knownReads.get(key);
    if (ref?.endpoint.sideEffect) continue;
    const meta = state.meta[key];
    let status: ReadStatus;
    if (devtools.isLoading(key)) status = 'loading';
    else if (meta?.invalidated || (!meta && state.endpoints[key] === undefined)) status = 'invalid';
    else if (meta?.error) status = 'error';
    else if (!meta || meta.expiresAt <= now) status = 'stale';
    else status = 'fresh';
    const error = meta?.error as { message?: string } | undefined;
    rows.push({
      key,
      status,
      observers: devtools.observerCount(key),
      pollFrequency: devtools.pollFrequency(key),
      fetchedAt: meta?.fetchedAt || undefined,
      expiresAt: meta?.expiresAt,
      error: error ? (error.message ?? String(error)) : undefined,
      refetchable: ref !== undefined,
    });
  }
  return rows;
}
