import { createMutation, type Client, type EndpointArgs, type EndpointLike, type MutationStore, type ResolveType, type StatusError } from '@resto/core';
import { Binding } from './bind';
import type { Host } from './context';

/**
 * `useMutation`: the state of a mutation endpoint: `pending` while the latest
 * call runs, its `error` (a 422's `status` and `body`) or its result in `data`,
 * and `reset()`. `mutate` goes through the controller, so the response is stored as
 * by `controller.fetch`. Only the latest call decides (core's `createMutation`, the
 * same in every adapter); a failure is stored in `error` and `mutate` resolves
 * undefined, so `@click=${() => this.add.mutate(...)}` leaves no unhandled rejection.
 *
 * @example
 * // error.body: the 422's parsed body, read when the endpoint has `fetchResponse: fetchWithErrorBody`
 * class AddTodo extends LitElement {
 *   private add = new MutationController(this, TodoResource.getList.push);
 *   render() {
 *     const { pending, error } = this.add;
 *     return html`<button ?disabled=${pending} @click=${() => this.add.mutate({ title: 'New' })}>Add</button>
 *       ${error ? html`<p role="alert">${error.status === 422 ? error.body : error.message}</p>` : null}`;
 *   }
 * }
 */
export class MutationController<E extends EndpointLike> extends Binding<MutationStore<E>> {
  private readonly endpoint: E;

  constructor(host: Host, endpoint: E) {
    super(host, 'useMutation', []);
    this.endpoint = endpoint;
  }

  // One store per client: the key never changes.
  protected keyOf(): string {
    return '';
  }

  protected open(client: Client): MutationStore<E> {
    return createMutation(client.controller, this.endpoint);
  }

  /** The latest call has not settled yet. */
  get pending(): boolean {
    return this.source.getSnapshot().pending;
  }

  /** How the latest call failed; cleared by the next call and by `reset`. */
  get error(): StatusError | undefined {
    return this.source.getSnapshot().error;
  }

  /** What the latest call resolved with. */
  get data(): ResolveType<E> | undefined {
    return this.source.getSnapshot().data;
  }

  /** Runs the endpoint through the controller; resolves with its result, or undefined when it failed (see `error`). */
  mutate = (...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined> => this.source.mutate(...args);

  /** Clears `pending`, `error` and `data`; a call still running no longer changes them. */
  reset = (): void => this.source.reset();
}
