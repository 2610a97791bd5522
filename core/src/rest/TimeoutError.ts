// The error of a try that outlived its `timeout` (status 408, retried like a transport failure).
import { NetworkError } from './NetworkError';

/**
 * What a fetch rejects with when it took longer than its `timeout` (ms, set on the
 * endpoint or the client; off by default). The request is aborted. A timeout is
 * Resto's decision, not the caller's, so it is retried like a transport failure
 * (each try gets the whole timeout). `status` is 408, soft by default.
 *
 * @example
 * const Slow = new RestEndpoint({ path: '/report', timeout: 5000 });
 * // error.name === 'TimeoutError', error.status === 408, error.timeout === 5000
 */
export class TimeoutError extends NetworkError {
  override name = 'TimeoutError';
  // Set in the constructor (`declare`: no class-field definition ships; the key order stays).
  /** The limit that was passed, in ms. */
  declare timeout: number;

  constructor(endpoint: string, url: string | undefined, timeout: number) {
    super(undefined, {
      status: 408,
      message: `${endpoint}: no answer${url ? ` from ${url}` : ''} within its timeout of ${timeout} ms`,
      url,
      endpoint,
    });
    this.timeout = timeout;
  }
}
