// The read-only view of the store handed to getOptimisticResponse, with `abort` to cancel
// the update. Replaying optimistic updates is state/optimistic.ts's.
import type { StatusError } from '../endpoint/types';
import type { EndpointLike, State } from '../state';
import type { Controller, ResponseInfo } from './Controller';

const ABORT = Object.freeze(Object.assign(new Error('Optimistic update aborted'), { name: 'AbortOptimistic' }));

/** A read-only view of the store at one moment (see the {@link Snapshot} function). */
export interface Snapshot {
  readonly state: State;
  readonly fetchedAt: number;
  /** Throw it from `getOptimisticResponse` to cancel the optimistic update. */
  readonly abort: Error;
  /** `controller.getResponse` against this snapshot. */
  getResponse(endpoint: EndpointLike, ...args: unknown[]): ResponseInfo;
  /** `controller.getError` against this snapshot. */
  getError(endpoint: EndpointLike, ...args: unknown[]): StatusError | undefined;
  /** `controller.get` against this snapshot: an entity by pk, a Query, All... */
  get(schema: unknown, ...args: unknown[]): any;
}

/**
 * A read-only view of the store at one moment, handed to `getOptimisticResponse`
 * (`controller.snapshot(state)` makes one). Throw `snapshot.abort` (or `Snapshot.abort`)
 * to cancel the optimistic update. A plain object: its reads close over the state.
 *
 * @example
 * getOptimisticResponse(snapshot, { id }) {
 *   const todo = snapshot.get(Todo, { id });
 *   if (!todo) throw snapshot.abort;
 *   return { ...todo, completed: !todo.completed };
 * }
 */
export function Snapshot(controller: Controller, state: State, fetchedAt: number): Snapshot {
  const view = { state, fetchedAt, abort: ABORT } as { -readonly [K in keyof Snapshot]: Snapshot[K] };
  // Each read is the controller's against this state (the state is the reads' last argument).
  for (const name of ['getResponse', 'getError', 'get'] as const) view[name] = (first: any, ...args: unknown[]) => (controller[name] as any)(first, ...args, state);
  return view;
}
/** Throw it from `getOptimisticResponse` to cancel the optimistic update. */
Snapshot.abort = ABORT as Error;
