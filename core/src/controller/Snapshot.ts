// The read-only view of the store handed to getOptimisticResponse, with `abort` to cancel
// the update. Replaying optimistic updates is state/optimistic.ts's.
import type { State } from '../state';
import type { Controller } from './Controller';

const ABORT = Object.freeze(Object.assign(new Error('Optimistic update aborted'), { name: 'AbortOptimistic' }));

/**
 * A read-only view of the store at one moment, handed to `getOptimisticResponse`.
 * Throw `snapshot.abort` to cancel the optimistic update.
 *
 * @example
 * getOptimisticResponse(snapshot, { id }) {
 *   const todo = snapshot.get(Todo, { id });
 *   if (!todo) throw snapshot.abort;
 *   return { ...todo, completed: !todo.completed };
 * }
 */
export class Snapshot {
  /** Throw it from `getOptimisticResponse` to cancel the optimistic update. */
  static readonly abort: Error = ABORT;
  readonly abort: Error = ABORT;
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare readonly state: State;
  declare readonly fetchedAt: number;
  declare private readonly controller: Controller;

  constructor(controller: Controller, state: State, fetchedAt: number) {
    this.controller = controller;
    this.state = state;
    this.fetchedAt = fetchedAt;
  }

  /** `controller.getResponse` against this snapshot. */
  getResponse(endpoint: Parameters<Controller['getResponse']>[0], ...args: unknown[]) {
    return this.controller.getResponse(endpoint, ...args, this.state);
  }

  /** `controller.getError` against this snapshot. */
  getError(endpoint: Parameters<Controller['getError']>[0], ...args: unknown[]) {
    return this.controller.getError(endpoint, ...args, this.state);
  }

  /** `controller.get` against this snapshot: an entity by pk, a Query, All... */
  get(schema: unknown, ...args: unknown[]): any {
    return this.controller.get(schema, ...args, this.state);
  }
}
