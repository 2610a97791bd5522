// The actions: their type names and shapes, and optimisticAction(). The Controller and
// the managers dispatch them; reducer.ts handles them.
import type { ChangeSet } from './ChangeSet';
import type { DehydratedState } from './dehydrate';
import type { EndpointLike } from './EndpointLike';
import type { InFlight } from './InFlight';
import type { State } from './State';
import { responseMeta } from './expiry';

/** Action type names. Managers switch on these in their middleware. */
export const FETCH = 'rest/fetch' as const;
export const SET_RESPONSE = 'rest/setResponse' as const;
export const OPTIMISTIC = 'rest/optimistic' as const;
export const INVALIDATE = 'rest/invalidate' as const;
export const INVALIDATE_ALL = 'rest/invalidateAll' as const;
export const EXPIRE_ALL = 'rest/expireAll' as const;
export const RESET = 'rest/reset' as const;
export const GC = 'rest/gc' as const;
export const SUBSCRIBE = 'rest/subscribe' as const;
export const UNSUBSCRIBE = 'rest/unsubscribe' as const;
export const RELEASE = 'rest/release' as const;
export const HYDRATE = 'rest/hydrate' as const;

export interface FetchAction {
  readonly type: typeof FETCH;
  readonly key: string;
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
  readonly meta: {
    readonly fetchedAt: number;
    readonly resolve: (value: unknown) => void;
    readonly reject: (error: unknown) => void;
    /** An observer that started this read; reads held only by observers abort when all leave. */
    readonly owner?: object;
    /**
     * The request's one owner: what the network layer tries, aborts and ends, and what
     * readers wait on. `resolve`/`reject` end it (a manager may wrap them).
     */
    readonly request: InFlight;
  };
}

export interface SetResponseAction {
  readonly type: typeof SET_RESPONSE;
  readonly key: string;
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
  readonly response: unknown;
  readonly error?: boolean;
  readonly meta: { readonly fetchedAt: number; readonly date: number; readonly expiresAt: number };
}

/** A pending optimistic update; its response is computed against the newest state each time it is applied. */
export interface OptimisticAction {
  readonly type: typeof OPTIMISTIC;
  readonly key: string;
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
  readonly meta: { readonly fetchedAt: number; readonly date: number; readonly expiresAt: number };
  /** The temporary pks of the entities it creates without one, in order (Entity.normalize fills it): each replay gives them the same. */
  readonly temps?: number[];
  /** Removes the pending update of this key and fetchedAt instead (it settled in another tab). */
  readonly drop?: boolean;
}

/**
 * The one place an optimistic update is made: the endpoint's guess, stored under
 * `key` with the same meta a real response would get, replayed on top of the store
 * until the request settles.
 *
 * @example
 * dispatch(optimisticAction(TodoResource.partialUpdate, key, [{ id: 1 }, { title: 'x' }], fetchedAt));
 */
export function optimisticAction(
  endpoint: EndpointLike,
  key: string,
  args: readonly unknown[],
  fetchedAt: number,
): OptimisticAction {
  return { type: OPTIMISTIC, key, endpoint, args, meta: responseMeta(endpoint, fetchedAt, Date.now()), temps: [] };
}

export interface InvalidateAction {
  readonly type: typeof INVALIDATE;
  readonly key: string;
  /** When it happened: responses of fetches started earlier do not make the result valid again. */
  readonly date?: number;
  /**
   * A request for the key is running (`controller.invalidate` says so): mark it even when
   * nothing is stored yet, so that request's answer does not count as valid.
   */
  readonly inFlight?: boolean;
}

export interface InvalidateAllAction {
  readonly type: typeof INVALIDATE_ALL;
  readonly testKey: (key: string) => boolean;
  /** See {@link InvalidateAction.date}. */
  readonly date?: number;
}

export interface ExpireAllAction {
  readonly type: typeof EXPIRE_ALL;
  readonly testKey: (key: string) => boolean;
}

export interface ResetAction {
  readonly type: typeof RESET;
  readonly date: number;
}

/** Removes endpoint results and entities nobody reads (sent by the GC policy). */
export interface GCAction {
  readonly type: typeof GC;
  readonly endpoints: readonly string[];
  readonly entities: readonly (readonly [entityKey: string, pk: string])[];
}

export interface SubscribeAction {
  readonly type: typeof SUBSCRIBE | typeof UNSUBSCRIBE;
  readonly key: string;
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
}

/** An observer no longer needs a read it started. */
export interface ReleaseAction {
  readonly type: typeof RELEASE;
  readonly key: string;
  readonly owner: object;
}

/**
 * Merges a snapshot (server render, persisted store) into the store; newer data wins per
 * key and entity. It carries the merge (state/dehydrate.ts's `hydrate`), so that only an
 * app that hydrates ships it.
 */
export interface HydrateAction {
  readonly type: typeof HYDRATE;
  readonly snapshot: DehydratedState;
  readonly merge: (snapshot: DehydratedState, state: State, changes?: ChangeSet) => State;
}

/** Every action the Controller dispatches. */
export type ActionTypes =
  | FetchAction
  | SetResponseAction
  | OptimisticAction
  | InvalidateAction
  | InvalidateAllAction
  | ExpireAllAction
  | ResetAction
  | GCAction
  | SubscribeAction
  | ReleaseAction
  | HydrateAction;
