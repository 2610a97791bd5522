// The reducer: one case per action, each handing off to its module (setResponse.ts,
// invalidate.ts, collect.ts; HYDRATE's merge comes with the action); only OPTIMISTIC and RESET are handled inline.
import { EXPIRE_ALL, GC, HYDRATE, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RESET, SET_RESPONSE, type ActionTypes, type InvalidateAction, type InvalidateAllAction } from './actions';
import type { ChangeSet } from './ChangeSet';
import { collect } from './collect';
import { expired, invalidated, markKeys } from './invalidate';
import { setResponse, withoutOptimistic } from './setResponse';
import { initialState, type State } from './State';

export { applyOptimistic, keepOptimisticIdentity, type SnapshotFactory } from './optimistic';

// One case per action; each case's logic lives in its own module.

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
      return withoutOptimistic(setResponse(state, action, false, changes), action);
    case OPTIMISTIC:
      if (action.drop) return withoutOptimistic(state, action);
      return { ...state, optimistic: [...state.optimistic, action] };
    case INVALIDATE:
    case INVALIDATE_ALL:
      // One key (marked even before anything is stored when its request is out), or every key that passes the test.
      return markKeys(state, (action as InvalidateAction).key ?? (action as InvalidateAllAction).testKey, invalidated(action.date), changes, (action as InvalidateAction).inFlight);
    case EXPIRE_ALL:
      return markKeys(state, action.testKey, expired, changes);
    case RESET:
      if (changes) changes.all = true;
      return { ...initialState(), lastReset: action.date };
    case GC:
      return collect(state, action, changes);
    case HYDRATE:
      return action.merge(action.snapshot, state, changes);
    default:
      return state;
  }
}
