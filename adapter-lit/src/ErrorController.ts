import { ObserveModes, type EndpointLike, type StatusError } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/**
 * `useError`: the error stored for an endpoint's args, without fetching. A soft
 * error (a 5xx while older data exists) is hidden, as everywhere else.
 *
 * @example
 * class TodoError extends LitElement {
 *   private failed = new ErrorController(this, TodoResource.get, () => ({ id: this.todoId }));
 *   render() {
 *     return this.failed.value ? html`<p role="alert">${this.failed.value.status}</p>` : null;
 *   }
 * }
 */
export class ErrorController<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useError', ObserveModes.error, endpoint, args);
  }

  /** The stored error, or undefined. */
  get value(): StatusError | undefined {
    return this.source.getSnapshot().error;
  }
}
