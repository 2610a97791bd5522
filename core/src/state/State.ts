// The State: its tables, result meta, page info and pending optimistic updates, the
// empty store, and the one a client starts from (a snapshot's tables need no hydrate code).
import { DEV } from '#dev';
import { tableKeys } from '../normalize';
import type { EntityMeta } from '../schema/types';
import type { DehydratedState } from './dehydrate';

export type { EntityMeta };

/** Timing and outcome of one endpoint result, stored by endpoint key. */
export interface ResultMeta extends EntityMeta {
  readonly error?: unknown;
  readonly errorPolicy?: 'soft';
  readonly invalidated?: true;
  /** When it was invalidated; a response to a fetch started before then leaves it invalidated. */
  readonly invalidatedAt?: number;
  /** A paginated list's next page and whether there is one (see {@link PageInfo}). */
  readonly page?: PageInfo;
}

/**
 * Where a paginated list stands: the page or cursor to ask for next, and whether
 * there is one. Stored in the list's meta, so it goes with the list (dehydrate,
 * invalidate, GC).
 *
 * @example
 * const { hasMore, next } = controller.getPageInfo(PostResource.getList, client.getSnapshot());
 * if (hasMore) await controller.fetch(PostResource.getList.getPage, { page: next! });
 */
export interface PageInfo {
  /** What to put in the page field to get the next page; undefined when there is none. */
  readonly next: string | number | undefined;
  /** A next page exists. False until the list's first page is stored. */
  readonly hasMore: boolean;
}

/**
 * The whole store: normalized entities, endpoint results by key and their timings.
 * Immutable: every change produces a new State (tables that did not change keep identity).
 *
 * @example
 * const state = client.getSnapshot();
 * state.entities.Todo['5']; // the normalized Todo with pk '5'
 */
export interface State {
  readonly entities: { readonly [entityKey: string]: { readonly [pk: string]: unknown } | undefined };
  readonly indexes: { readonly [entityKey: string]: unknown };
  readonly endpoints: { readonly [key: string]: unknown };
  readonly meta: { readonly [key: string]: ResultMeta | undefined };
  readonly entitiesMeta: {
    readonly [entityKey: string]: { readonly [pk: string]: EntityMeta | undefined } | undefined;
  };
  /** Optimistic updates still waiting for their real response, oldest first. */
  readonly optimistic: readonly import('./actions').OptimisticAction[];
  /** When the store was last reset; responses of fetches started before it are dropped. */
  readonly lastReset: number;
}

/**
 * An empty store.
 *
 * @example
 * const client = createClient({ initialState: initialState() });
 */
export function initialState(): State {
  return {
    entities: {},
    indexes: {},
    endpoints: {},
    meta: {},
    entitiesMeta: {},
    optimistic: [],
    lastReset: 0,
  };
}

/**
 * The State a new client starts from, given its `initialState`: none (an empty store),
 * a State as it is, or a snapshot's tables as they are (nothing to merge with, so none of
 * hydrate's code). A State is told from a snapshot by its pending updates (`optimistic`,
 * an array even when empty). Throws, naming the version it got, when it is neither.
 * @internal
 *
 * @example
 * createClient({ initialState: parseState(text) }); // calls snapshotState
 */
export function snapshotState(from?: State | DehydratedState): State {
  if ((from as State | undefined)?.optimistic) return from as State;
  // no initialState (any falsy value) is an empty snapshot; a value without a version is no snapshot
  const { version, ...tables } = (from || { version: 1 }) as Partial<DehydratedState>;
  if (version !== 1) throw new TypeError((DEV ? 'Resto createClient: initialState is no State and no snapshot from dehydrate(client) (version 1); got version ' : 'Resto initialState: version ') + (version as unknown as string));
  return { ...initialState(), ...tables };
}

/**
 * Every key the store holds a result or meta under, each once.
 *
 * @example
 * for (const key of storedKeys(state)) if (test(key)) mark(key);
 */
export const storedKeys = ({ endpoints, meta }: Pick<State, 'endpoints' | 'meta'>): Set<string> => new Set([...tableKeys(endpoints), ...tableKeys(meta)]);
