// The read side of optimistic updates: replaying the pending ones over the confirmed state
// (the one place getOptimisticResponse is called), and keeping the identity of what a
// replay did not change. reducer.ts adds and drops them.
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import { ownValue, setOwn } from '../schema/ownEntry';
import type { OptimisticAction } from './actions';
import type { ChangeSet } from './ChangeSet';
import { setResponse } from './setResponse';
import { deepEqual } from '../normalize';
import type { State } from './State';

// OPTIMISTIC updates are kept aside in `state.optimistic` and replayed on top of the base state.

/** Builds what `getOptimisticResponse(snapshot, ...args)` receives; supplied by the Controller. */
export type SnapshotFactory = (state: State, fetchedAt: number) => { readonly abort: unknown };

/**
 * What each pending update did so far: 0 it applied, null it was reported (each replay,
 * every store change, would report it again), or what refused it on its first
 * application, in a list (see {@link refusal}): only a refusal is truthy.
 */
const marks = new WeakMap<object, 0 | null | [error: unknown]>();

/**
 * What a pending update's getOptimisticResponse threw (anything but `snapshot.abort`)
 * the first time it was applied, as `[error]`, or something falsy. The one policy for a throw,
 * decided here for every caller: a first application that throws refuses the update, and
 * the NetworkManager, which dispatched it, fails the mutation with what it threw, unsent;
 * a later replay that throws (the request is out) skips the update, reported once.
 *
 * @example
 * void next(update);
 * const refused = refusal(update); // [error] when the update refused itself
 */
export const refusal = (action: OptimisticAction): [error: unknown] | 0 | null | undefined => marks.get(action);
function reportOnce(action: OptimisticAction, what: string, error: unknown) {
  if (marks.get(action) === null) return;
  marks.set(action, null);
  console.error(`${action.endpoint.name}: ${what}`, error);
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
      response = action.endpoint.getOptimisticResponse!(snapshot, ...action.args);
      if (!marks.has(action)) marks.set(action, 0);
    } catch (e) {
      // Throwing snapshot.abort cancels this update; anything else refuses it (see refusal()).
      if (e !== snapshot.abort) {
        if (marks.has(action)) reportOnce(action, DEV ? 'getOptimisticResponse threw' : 'getOptimisticResponse' + errorCode(22), e);
        else marks.set(action, [e]);
      }
      continue;
    }
    try {
      visible = setResponse(visible, { ...action, response }, action.temps ?? true, changes);
    } catch (e) {
      // An optimistic value that does not fit the schema is skipped; the real response still lands.
      reportOnce(action, DEV ? 'optimistic response does not fit the schema' : 'getOptimisticResponse' + errorCode(23), e);
    }
  }
  return visible;
}

/**
 * Keeps the identity of optimistic entities that did not change since the last
 * visible state. Replaying optimistic updates builds new objects each time; without
 * this, every unrelated action would re-render whatever shows a pending update.
 * Only what the replay wrote (`written`) differs from `base`, in tables that are fresh
 * copies made by the replay, so they may be patched in place before anyone sees them.
 */
export function keepOptimisticIdentity(prev: State, base: State, visible: State, written: ChangeSet): State {
  if (visible === base || prev === base) return visible;
  const e = written.entities;
  for (let i = 0; i < e.length; i += 2) {
    const key = e[i]!;
    const pk = e[i + 1]!;
    const table = visible.entities[key] as Record<string, unknown>;
    if (table === base.entities[key]) continue;
    // What the replay made anew, equal to what was shown: the shown object stays (a table
    // or entity that is missing on either side reads as undefined: nothing to keep).
    const value = ownValue(table, pk);
    const before = ownValue(prev.entities[key], pk);
    if (before !== value && deepEqual(before, value)) setOwn(table, pk, before);
  }
  return visible;
}
