// The error of a request its caller aborted through its signal (status 499, never retried).
import { DEV } from '#dev';
import { NetworkError } from './NetworkError';

/**
 * What a read or mutation rejects with (and, for a read, stores as its error) when
 * the caller aborted it: the endpoint's `signal` fired, `AbortSignal.timeout` on the
 * endpoint included. It is final: never retried. `status` is 499 ("client closed
 * request"), which the default `errorPolicy` treats as soft, so stored data stays
 * shown. An abort Resto makes itself (the last reader left, a reset) is silent and
 * stores nothing.
 *
 * @example
 * const search = new AbortController();
 * const Search = new RestEndpoint({ path: '/search', signal: search.signal });
 * search.abort();
 * // error.name === 'AbortError', error.status === 499, error.endpoint === Search.name
 */
export class AbortError extends NetworkError {
  override name = 'AbortError';

  constructor(endpoint: string, url: string | undefined, cause: unknown) {
    super(undefined, {
      status: 499,
      // (production: the URL is in `url`)
      message: `${endpoint}: ${DEV ? `request${url ? ` to ${url}` : ''} aborted by its signal` : 'aborted'}`,
      cause,
      url,
      endpoint,
    });
  }
}
