// The error of a mutation refused because the client is offline and does not queue.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
/**
 * What a mutation made while offline rejects with, unless offline mutations are
 * queued (`queueOfflineMutations: true` on the client or the endpoint).
 *
 * @example
 * try {
 *   await ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
 * } catch (error) {
 *   if (error instanceof OfflineError) toast('You are offline: try again when connected');
 * }
 */
export class OfflineError extends Error {
  override name = 'OfflineError';
  // Set in the constructor (`declare`: no class-field definition ships; the key order stays).
  /** The name of the endpoint that was not sent. */
  declare readonly endpoint: string;

  constructor(endpoint: string) {
    super(
      `${endpoint} was not sent: the client is offline` +
        (DEV ? '. Pass queueOfflineMutations: true (to createClient or the endpoint) to queue mutations until the network is back.' : errorCode(13)),
    );
    this.endpoint = endpoint;
  }
}
