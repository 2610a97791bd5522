// The fixture and interceptor shapes and how a call finds its answer (exact args first,
// then by testKey), with data-client's type names as aliases.
import type { EndpointLike } from '../state';

/** A canned answer for one endpoint called with exactly `args`. */
export interface Fixture<E extends EndpointLike = EndpointLike> {
  readonly endpoint: E;
  readonly args: readonly unknown[];
  /** The response, or a function of the call args returning it. */
  readonly response: unknown;
  /** true: `response` is the error to throw (give it a `status`). */
  readonly error?: boolean;
  /** Milliseconds before answering. */
  readonly delay?: number;
}

/** A canned answer for every call whose key passes `endpoint.testKey` (e.g. `/todos/:id` for any id). */
export interface Interceptor<E extends EndpointLike = EndpointLike> {
  readonly endpoint: E;
  /** Computes the response from the call args; `this` is the interceptor's shared context. */
  response(this: any, ...args: any[]): unknown;
  readonly error?: boolean;
  readonly delay?: number;
}

/**
 * An interceptor at the transport: the endpoint's own request runs (URL, headers,
 * body), and `fetchResponse` answers it in place of the network with the data a
 * JSON 200 response carries.
 *
 * @example
 * { endpoint: TodoResource.get, fetchResponse(url, init) { return { id: 1, auth: init.headers?.['Authorization'] } } }
 */
export interface FetchInterceptor<E extends EndpointLike = EndpointLike> {
  readonly endpoint: E;
  /** `this` is the interceptors' shared context. */
  fetchResponse(this: any, input: string, init: RequestInit): unknown;
  readonly delay?: number;
}

export type FixtureOrInterceptor = Fixture | Interceptor | FetchInterceptor;

/** Finds the answer for a call: exact-key fixtures win over interceptors. */
export function findFixture(
  list: readonly FixtureOrInterceptor[],
  key: string,
  method: string | undefined,
): FixtureOrInterceptor | undefined {
  for (const f of list) if ('args' in f && f.endpoint.key(...f.args) === key) return f;
  for (const f of list) {
    if ('args' in f) continue;
    const sameMethod = method === undefined || (f.endpoint as { method?: string }).method === undefined || (f.endpoint as { method?: string }).method === method;
    if (sameMethod && f.endpoint.testKey?.(key)) return f;
  }
  return undefined;
}

// data-client's names for the same shapes, so typed fixtures port by import only.
/** data-client's name of a {@link Fixture} that answers. */
export type SuccessFixture<E extends EndpointLike = EndpointLike> = Fixture<E>;
/** data-client's name of a {@link Fixture} with `error: true`. */
export type ErrorFixture<E extends EndpointLike = EndpointLike> = Fixture<E>;
/** data-client's name of a {@link Fixture}. */
export type FixtureEndpoint<E extends EndpointLike = EndpointLike> = Fixture<E>;
/** data-client's name of a {@link Fixture} that answers. */
export type SuccessFixtureEndpoint<E extends EndpointLike = EndpointLike> = Fixture<E>;
/** data-client's name of a {@link Fixture} with `error: true`. */
export type ErrorFixtureEndpoint<E extends EndpointLike = EndpointLike> = Fixture<E>;
