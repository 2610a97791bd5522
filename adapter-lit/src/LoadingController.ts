import { createLoading, type LoadingState, type LoadingStore } from '@resto/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * `useLoading`: wraps an async function (usually a mutation) with `loading` and
 * `error`. Core's `createLoading` decides, the same in every adapter: only the
 * latest call drives them, and a failure is stored in `error` (`run` then resolves
 * undefined) rather than rethrown, so an event handler leaves no unhandled rejection.
 * Needs no client: the function brings its own work.
 *
 * @example
 * class Rename extends LitElement {
 *   private store = new ClientController(this);
 *   private save = new LoadingController(this, (title: string) => this.store.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 *   render() {
 *     return html`<button ?disabled=${this.save.loading} @click=${() => this.save.run('new title')}>Save</button>`;
 *   }
 * }
 */
export class LoadingController<A extends unknown[], R> implements ReactiveController {
  private readonly store: LoadingStore<A, R>;
  private readonly host: ReactiveControllerHost;
  private stop: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, fn: (...args: A) => Promise<R>) {
    this.host = host;
    this.store = createLoading(fn);
    host.addController(this);
  }

  /** Calls the function; resolves with its value, or undefined when it failed (see `error`). */
  run = (...args: A): Promise<R | undefined> => this.store.run(...args);

  /** The latest call runs. */
  get loading(): boolean {
    return this.store.getSnapshot().loading;
  }

  /** How the latest call failed. */
  get error(): LoadingState['error'] {
    return this.store.getSnapshot().error;
  }

  hostConnected(): void {
    this.stop ??= this.store.subscribe(() => this.host.requestUpdate());
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
