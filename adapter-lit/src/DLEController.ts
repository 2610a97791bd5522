import { ObserveModes, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/**
 * Data, Loading, Error (`useDLE` of the other adapters): reads an endpoint without
 * a fallback, fetching when the data is missing or stale. The host re-renders
 * when any of the fields changes; args are values or getters (re-read on every
 * update, a new key is fetched), `null` skips the read.
 *
 * @example
 * class TodoTitle extends LitElement {
 *   static properties = { todoId: { type: Number } };
 *   declare todoId: number;
 *   private todo = new DLEController(this, TodoResource.get, () => ({ id: this.todoId }));
 *   render() {
 *     const { data, loading, error } = this.todo;
 *     if (error) return html`<p>${error.status}</p>`;
 *     return loading && !data ? html`<p>Loading…</p>` : html`<h1>${data?.title}</h1>`;
 *   }
 * }
 */
export class DLEController<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useDLE', ObserveModes.dle, endpoint, args);
  }

  /** The data; undefined while nothing usable is stored. */
  get data(): ResolveType<E> | undefined {
    return this.source.getSnapshot().data;
  }

  /** A fetch for this read runs (or is about to, with nothing usable stored). */
  get loading(): boolean {
    return this.source.getSnapshot().loading;
  }

  /** Why the read failed (`status`, `body`); undefined otherwise. */
  get error(): StatusError | undefined {
    return this.source.getSnapshot().error;
  }

  /** Failed tries of the running fetch while it retries ("retrying…"); 0 otherwise. */
  get retryCount(): number {
    return this.source.getSnapshot().retryCount;
  }
}
