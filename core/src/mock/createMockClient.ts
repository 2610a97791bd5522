// The test client every adapter's test helpers build on: a client with a MockManager
// first, optionally prefilled from fixtures, with no retries by default.
import { createClient, type Client, type ClientOptions } from '../client';
import { getDefaultManagers, SubscriptionManager, type Manager } from '../managers';
import type { Fixture, FixtureOrInterceptor } from './fixtures';
import { MockManager } from './MockManager';
import { mockInitialState } from './mockInitialState';

/** A test client polls `{ poll: true }` reads as before polling left the defaults: network, polling, GC. */
const mockManagers = () => [...getDefaultManagers(), new SubscriptionManager()];

/** Options of {@link createMockClient}. */
export interface MockClientOptions extends ClientOptions {
  /** What a call no fixture answers does: fail with status 404 (default) or go to the network. */
  readonly unmatched?: 'network' | 'error';
  /** Stored before anything reads, as if fetched just now. */
  readonly initialFixtures?: readonly Fixture[];
  /**
   * Also store the exact-args fixtures (those without `delay`) up front, so reads
   * render at once (default false: they answer fetches only).
   */
  readonly prefill?: boolean;
  /** Managers after the mock one (default `getDefaultManagers()`: network, polling, GC). */
  readonly managers?: ClientOptions['managers'];
  /** The `this` every interceptor shares (a fake server's state they read and change). */
  readonly getInitialInterceptorData?: () => Record<string, unknown>;
  /** A whole prefilled State; wins over `initialFixtures` and `prefill`. */
  readonly initialState?: ClientOptions['initialState'];
  /** Default 0, also with a RetryManager among `managers`: a failing fixture fails at once, so tests stay deterministic. */
  readonly retry?: ClientOptions['retry'];
}

/**
 * A client whose fetches are answered by fixtures and interceptors: everything an
 * adapter's test helpers need, so they only add framework mounting.
 *
 * @example
 * const client = createMockClient(
 *   [
 *     { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
 *     { endpoint: TodoResource.partialUpdate, response: (params, body) => ({ ...params, ...body }) },
 *   ],
 *   { initialFixtures: [{ endpoint: TodoResource.getList, args: [], response: [] }] },
 * );
 * client.listenerCount; // 0 once every read let go
 */
export function createMockClient(
  fixtures: readonly FixtureOrInterceptor[],
  { unmatched = 'error', initialFixtures = [], prefill = false, managers = mockManagers(), initialState, getInitialInterceptorData, retry = 0, ...options }: MockClientOptions = {},
): Client & { mock: MockManager } {
  const mock = new MockManager(fixtures, { unmatched, getInitialInterceptorData });
  const stored = prefill ? [...fixtures.filter((f): f is Fixture => 'args' in f && !f.delay), ...initialFixtures] : initialFixtures;
  const client = createClient({
    ...options,
    retry,
    managers: [mock, ...managers],
    initialState: initialState ?? (stored.length ? mockInitialState(stored) : undefined),
  });
  return Object.assign(client, { mock });
}

/**
 * The client the data-client-style test helpers run on (`renderDataHook`,
 * `mountDataClient`): {@link createMockClient}, except that a call no fixture answers
 * goes to the network (nock, a test server) as in data-client, unless `unmatched:
 * 'error'`, and `lead` (the adapter's act or settle tracker) comes right after the mock.
 *
 * @example
 * const client = createDataClientMock(resolverFixtures, { initialFixtures }, new SettledTracker());
 */
export function createDataClientMock(
  fixtures: readonly FixtureOrInterceptor[],
  { unmatched = 'network', managers = mockManagers(), ...options }: MockClientOptions = {},
  lead?: Manager,
): Client & { mock: MockManager } {
  return createMockClient(fixtures, { ...options, unmatched, managers: lead ? [lead, ...managers] : managers });
}
