// What a client knows about where it runs (the online and focus signals, the client-wide
// freshness options, ssr, the tab role), and the rule that an endpoint's own option wins.
import type { ExpiryTimer } from '../client/expiryTimer';
import type { FreshnessOptions } from '../endpoint';
import type { EndpointLike, InFlight } from '../state';
import type { EnvironmentSignal } from './EnvironmentSignal';

/**
 * What a client's managers and reads know about where they run: the online and
 * focus signals, the client-wide freshness options, and whether it renders on a
 * server. The Controller carries it (`controller.environment`), so a manager
 * passed in `managers` sees the same one.
 *
 * @example
 * const { online, defaults } = client.controller.environment;
 * online?.value; // false while offline
 * defaults.retry; // what createClient was given, if anything
 */
export interface ClientEnvironment {
  /**
   * Whether the network is reachable: the `online` option, else installed by the first
   * manager that needs it (see {@link environmentSignal}). Absent: nothing tells the client
   * it is offline, so reads count as online.
   */
  online?: EnvironmentSignal;
  /** Whether the page is visible: the `focus` option, else installed by a manager that needs it. */
  focus?: EnvironmentSignal;
  /**
   * The client's options; an endpoint's own win (see {@link freshnessOption}). With them,
   * the opt-in `expiryTimer` a read arms at its data's expiry, if the client was given one.
   */
  readonly defaults: FreshnessOptions & { readonly expiryTimer?: ExpiryTimer };
  /** Server mode: reads never listen to the signals and never retry. */
  readonly ssr: boolean;
  /**
   * Set by a tab-sync manager (`@resto/core/sync`) when several tabs share one store:
   * whether this tab leads. Polling in a follower tab skips a tick another tab already
   * fetched. Undefined (every tab on its own) without one.
   */
  tabs?: TabRole;
  /**
   * Set by a RetryManager: after a failed try of `request`, counts it in the request's
   * `failures` and says whether to try again (never in server mode), resolving once
   * the backoff is over (or `stopped` fired); before waiting it sets
   * the request's `retryCount` and wakes the request's readers, so they show it.
   * Undefined (no RetryManager): every failure is final.
   */
  retryer?: (endpoint: EndpointLike, request: InFlight, error: unknown, stopped: AbortSignal) => Promise<boolean>;
  /**
   * Set by a TimeoutManager: one try of `endpoint`, aborted with a TimeoutError past its
   * `timeout`. Undefined (no TimeoutManager): a try takes as long as it takes.
   */
  tryOnce?: (endpoint: EndpointLike, args: readonly unknown[], signal: AbortSignal) => Promise<unknown>;
  /**
   * Set by a WindowEventsManager: calls `revalidate` when focus is regained or the network
   * is back (a reconnect while hidden waits for the focus); returns what stops it. Subscribed
   * reads listen while subscribed. Undefined: reads never revalidate on focus or reconnect.
   */
  triggers?: (revalidate: (reason: 'focus' | 'reconnect') => void) => () => void;
  /** Set by an OfflineManager (a WindowEventsManager includes it): what the client does while `online` is false. Undefined: nothing. */
  offline?: OfflineHold;
}

/**
 * How requests wait for the network: what an OfflineManager puts in
 * {@link ClientEnvironment.offline} for the network manager and the tries loop.
 *
 * @example
 * await controller.environment.offline?.wait(signal); // resolves once online
 */
export interface OfflineHold {
  /** Resolves once online (at once when online), or when `stopped` fires. */
  wait(stopped: AbortSignal): Promise<void>;
  /** After a failed try: whether it waits for the network instead of failing (offline, and a read or a mutation that may queue). */
  holds(endpoint: EndpointLike): boolean;
  /** A mutation's OfflineError when offline and it may not queue; undefined to send it. */
  refuse(endpoint: EndpointLike): Error | undefined;
  /** Runs a mutation's `send` now, or behind the queued ones when offline or others are queued; resolves when it ends. */
  send(send: () => Promise<void>): Promise<void>;
}

/**
 * What a tab-sync manager tells the other managers through {@link ClientEnvironment.tabs}.
 *
 * @example
 * const leads = controller.environment.tabs?.leader ?? true;
 */
export interface TabRole {
  /** This tab polls for all tabs (and replays the offline queue). */
  readonly leader: boolean;
  /** Told when `leader` changes; returns the unsubscribe. */
  subscribe?(listener: (leader: boolean) => void): () => void;
}

/**
 * The option in force for an endpoint: its own, else the client's (undefined when
 * neither says; the caller applies the default).
 *
 * @example
 * freshnessOption(env, TodoResource.get, 'refetchOnWindowFocus'); // true, false or 'always'
 */
export function freshnessOption<K extends keyof FreshnessOptions>(
  env: ClientEnvironment,
  endpoint: EndpointLike,
  name: K,
): FreshnessOptions[K] {
  const own = (endpoint as FreshnessOptions)[name];
  return own !== undefined ? own : env.defaults[name];
}
