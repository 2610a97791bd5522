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
 * Options every endpoint understands. Unknown keys are kept
 * as members too, so methods can read them as `this.<key>`.
 *
 * @example
 * new Endpoint(fetchUser, { name: 'fetchUser', dataExpiryLength: 5000 });
 */
 
export interface EndpointOptions<F extends FetchFunction = FetchFunction, S = any> {
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
