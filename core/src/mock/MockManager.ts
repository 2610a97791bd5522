// The mock network: a manager that swaps an endpoint's fetch for a fixture's answer and
// leaves the rest (dedupe, optimistic updates, errors) to the real managers.
import type { Dispatch } from '../controller';
import type { Manager, Middleware } from '../managers';
import { FETCH, type ActionTypes } from '../state';
import { findFixture, type FixtureOrInterceptor } from './fixtures';

/**
 * Answers fetches from fixtures and interceptors instead of the network. Put it
 * before the NetworkManager: it only swaps the fetch, so dedupe, ordering,
 * optimistic updates and errors behave exactly as with a server. Calls that match
 * nothing go to the network (or fail with `unmatched: 'error'`).
 *
 * @example
 * const client = createClient({
 *   managers: [new MockManager([{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }]), ...getDefaultManagers()],
 * });
 */
export class MockManager implements Manager {
  fixtures: readonly FixtureOrInterceptor[];
  private readonly unmatched: 'network' | 'error';
  private readonly context: Record<string, unknown>;

  constructor(
    fixtures: readonly FixtureOrInterceptor[],
    {
      unmatched = 'network',
      getInitialInterceptorData = () => ({}),
    }: {
      unmatched?: 'network' | 'error';
      /** The `this` every interceptor shares, e.g. a fake server's rows they change. */
      getInitialInterceptorData?: () => Record<string, unknown>;
    } = {},
  ) {
    this.fixtures = fixtures;
    this.unmatched = unmatched;
    this.context = getInitialInterceptorData();
  }

  middleware: Middleware = () => (next: Dispatch) => (action: ActionTypes) => {
    if (action.type !== FETCH) return next(action);
    const method = (action.endpoint as { method?: string }).method;
    const fixture = findFixture(this.fixtures, action.key, method);
    if (!fixture) {
      if (this.unmatched === 'network') return next(action);
      const err = Object.assign(new Error(`${action.endpoint.name}: no fixture matches ${action.key}`), { status: 404 });
      return next({ ...action, endpoint: withFetch(action.endpoint, () => Promise.reject(err)) });
    }
    const context = this.context;
    if ('fetchResponse' in fixture) {
      // the endpoint's own request runs; only the transport is replaced
      const respond = async (input: string, init: RequestInit) => {
        if (fixture.delay) await new Promise((resolve) => setTimeout(resolve, fixture.delay));
        const body = JSON.stringify(fixture.fetchResponse.call(context, input, init));
        return new Response(body, { headers: { 'Content-Type': 'application/json' } });
      };
      return next({ ...action, endpoint: Object.create(action.endpoint, { fetchResponse: { value: respond } }) });
    }
    const answer = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const respond = () => {
          try {
            const value =
              'args' in fixture
                ? typeof fixture.response === 'function'
                  ? (fixture.response as (...a: unknown[]) => unknown)(...args)
                  : fixture.response
                : fixture.response.apply(context, args);
            (fixture.error ? reject : resolve)(value);
          } catch (e) {
            reject(e);
          }
        };
        if (fixture.delay) setTimeout(respond, fixture.delay);
        else respond();
      });
    return next({ ...action, endpoint: withFetch(action.endpoint, answer) });
  };

  cleanup(): void {}
}

function withFetch<E extends object>(endpoint: E, fetch: (...args: unknown[]) => Promise<unknown>): E {
  return Object.create(endpoint, { fetch: { value: fetch } });
}
