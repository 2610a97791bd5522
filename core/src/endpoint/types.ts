/**
 * A schema as seen by the endpoint layer. The schema layer defines the real
 * shapes; endpoints only carry them through.
 */
 
export type Schema = any;

/**
 * The function an endpoint runs when called. It is invoked with `this` bound
 * to the endpoint, so overrides and `Object.create(endpoint, ...)` work.
 *
 * @example
 * const fetchUser: FetchFunction<[{ id: string }], User> = function ({ id }) {
 *   return fetch(`/users/${id}`).then((r) => r.json());
 * };
 */
 
export type FetchFunction<A extends readonly any[] = any[], R = any> = (...args: A) => Promise<R>;

/** 'soft': stale data, if any, is shown on error. undefined: the error surfaces. */
export type ErrorPolicy = 'soft' | undefined;

/**
 * The snapshot handed to `getOptimisticResponse`. The controller provides it;
 * `abort` is the value to throw to cancel the optimistic update.
 */
export interface OptimisticSnapshot {
   
  get(schema: Schema, ...args: any[]): any;
   
  getResponse?(endpoint: any, ...args: any[]): any;
  readonly fetchedAt: number;
  readonly abort: Error;
}

/**
 * When a trigger (mount, focus regained, network back) revalidates a read: `true`
 * only when its data is stale, invalid or missing; `'always'` even when fresh;
 * `false` never.
 *
 * @example
 * const Quotes = new RestEndpoint({ path: '/quotes', refetchOnWindowFocus: 'always', refetchOnReconnect: false });
 */
export type RefetchOn = boolean | 'always';

/**
 * An error as reads, `useLoading` and the controller report it. Resto's own errors carry
 * a numeric `status`: a `NetworkError` the response's (500 when the request could not
 * be sent), a response that does not fit its schema 400, a timeout 408, an abort 499. A
 * `NetworkError` of an endpoint with `fetchResponse: fetchWithErrorBody` also carries the
 * failed response's `body`, parsed (JSON, else text): what a server says about a 422. An error thrown before any request (a bad parameter)
 * has neither. `body` is `unknown` because its shape is the server's: check it before use.
 *
 * @example
 * const { error } = observer.getSnapshot();
 * if (error?.status === 422) showFieldErrors(error.body);
 * if (error instanceof NetworkError) console.warn(error.url, error.serverMessage);
 */
export type StatusError = Error & {
  /** The HTTP status, or Resto's for failures without a response (see above). */
  status?: number;
  /** The body of a failed response (a `NetworkError`'s, read by `fetchWithErrorBody`), parsed: JSON, else text. */
  body?: unknown;
};

/**
 * How often a failed fetch is tried again (by a RetryManager): a number of retries, `true` (forever),
 * `false` (never), or a function deciding from the failures so far and the error.
 * Only retryable errors get there (a transport failure or a 5xx; never a 4xx or an abort).
 * `failureCount` is 1 after the first failure.
 *
 * @example
 * createClient({ retry: (failureCount, error) => failureCount < 5 && error.status !== 501 });
 */
export type RetryOption = number | boolean | ((failureCount: number, error: StatusError) => boolean);

/**
 * How long to wait before the next try, in ms, or a function of the failures so far and the error.
 *
 * @example
 * createClient({ retryDelay: (failureCount) => 250 * failureCount });
 */
export type RetryDelayOption = number | ((failureCount: number, error: StatusError) => number);

/**
 * When reads revalidate, how failures retry and what happens offline. Given to
 * `createClient` they apply to every endpoint; on an endpoint they win over the client's.
 *
 * @example
 * const Prices = new RestEndpoint({ path: '/prices', refetchOnWindowFocus: 'always', retry: 5 });
 * const client = createClient({ refetchOnWindowFocus: false, retry: 1 });
 */
export interface FreshnessOptions {
  /** Revalidate when a read mounts (default true: when stale, invalid or missing). */
  refetchOnMount?: RefetchOn;
  /** Revalidate subscribed reads when the page becomes visible again (default true, with a WindowEventsManager among the client's managers: it brings this trigger). */
  refetchOnWindowFocus?: RefetchOn;
  /** Revalidate subscribed reads when the network comes back (default true, with a WindowEventsManager: the browser's events, or `client.online`). */
  refetchOnReconnect?: RefetchOn;
  /**
   * Retries of a failed fetch (transport failures and 5xx only), with a
   * RetryManager among the client's managers (without one, failures are final).
   * Default 3 for reads; mutations retry only when their endpoint sets it.
   */
  retry?: RetryOption;
  /** Wait before each retry (default `min(1000 * 2 ** failures, 30000)` ms with jitter). */
  retryDelay?: RetryDelayOption;
  /**
   * A mutation made offline is queued (its optimistic update applied now) and sent,
   * in order, when the network comes back. Default false: it rejects at once with
   * an `OfflineError`. Needs an OfflineManager (or a WindowEventsManager) among the
   * client's managers. Offline is what the client's `online` signal says (the browser's
   * events with a WindowEventsManager).
   */
  queueOfflineMutations?: boolean;
  /**
   * Milliseconds a try may take before it is aborted with a `TimeoutError`, which
   * is retried like a transport failure. Off by default; needs a TimeoutManager among
   * the client's managers.
   */
  timeout?: number;
}

/**
 * Options every endpoint understands. Unknown keys are kept
 * as members too, so methods can read them as `this.<key>`.
 *
 * @example
 * new Endpoint(fetchUser, { name: 'fetchUser', dataExpiryLength: 5000 });
 */
 
export interface EndpointOptions<F extends FetchFunction = FetchFunction, S = any> extends FreshnessOptions {
  name?: string;
  schema?: S;
  sideEffect?: true | undefined | boolean;
  key?: (...args: Parameters<F>) => string;
  testKey?: (key: string) => boolean;
  dataExpiryLength?: number;
  errorExpiryLength?: number;
  errorPolicy?: (error: { status?: number } & Error) => ErrorPolicy;
  invalidIfStale?: boolean;
  pollFrequency?: number;
   
  getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: Parameters<F>) => any;
   
  update?: (normalizedResult: any, ...args: Parameters<F>) => Record<string, (prev: any) => any>;
}
