// A State prefilled from fixtures, as if each had just been fetched (through the real reducer).
import { errorMeta, initialState, reducer, responseMeta, SET_RESPONSE, type State } from '../state';
import type { Fixture } from './fixtures';

/**
 * A store prefilled from fixtures, as if each had been fetched now. Error fixtures
 * become stored errors.
 *
 * @example
 * const client = createClient({
 *   initialState: mockInitialState([{ endpoint: TodoResource.getList, args: [], response: todos }]),
 * });
 */
export function mockInitialState(fixtures: readonly Fixture[], now = Date.now()): State {
  let state = initialState();
  for (const f of fixtures) {
    const response = typeof f.response === 'function' ? (f.response as (...a: unknown[]) => unknown)(...f.args) : f.response;
    // The same expiry as a fetched answer (defaults, NaN handled as unset): state/expiry.ts.
    const meta = (f.error ? errorMeta : responseMeta)(f.endpoint, now, now);
    state = reducer(state, {
      type: SET_RESPONSE,
      key: f.endpoint.key(...f.args),
      endpoint: f.endpoint,
      args: f.args,
      response,
      ...(f.error ? { error: true } : null),
      meta,
    });
  }
  return state;
}
