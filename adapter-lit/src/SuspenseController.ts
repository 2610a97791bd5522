import { readAsync, type EndpointLike, type ObserveOptions, type ResolveType, type StatusError } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/** Where a suspending read stands: waiting for usable data, showing it, or failed. */
export type SuspenseStatus = 'pending' | 'complete' | 'error';

/**
 * The templates of {@link SuspenseController.render}, one per status (the shape of
 * `@lit/task`'s `render`). A missing one renders nothing.
 */
export interface SuspenseRenderer<T, P = unknown, C = unknown, E = unknown> {
  /** The fallback: nothing usable is stored yet (first load, new args, invalidated). */
  pending?: () => P;
  /** The data is usable (stale data included while it revalidates). */
  complete?: (value: T) => C;
  /** The read failed; a soft error behind usable data shows `complete` instead. */
  error?: (error: StatusError) => E;
}

/**
 * What useSuspense and useLive share: core's `read()` decides the status (a stored
 * error wins over stale data, unless soft), the same rule as every adapter.
 * Not in the public entry: the public controllers extend it.
 */
export abstract class Suspending<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, hook: string, options: ObserveOptions, endpoint: E, input: readonly unknown[]) {
    super(host, hook, options, endpoint, input);
  }

  /** 'pending' until usable data or an error is stored; then 'complete' or 'error'. */
  get status(): SuspenseStatus {
    const r = this.source.read();
    return r.status === 'ready' ? 'complete' : r.status;
  }

  /** The data when `status` is 'complete'; undefined otherwise. */
  get value(): ResolveType<E> | undefined {
    const r = this.source.read();
    return r.status === 'ready' ? r.data : undefined;
  }

  /** The error when `status` is 'error'. */
  get error(): StatusError | undefined {
    const r = this.source.read();
    return r.status === 'error' ? r.error : undefined;
  }

  /**
   * Settles when the current read is usable: resolves with the data, rejects with
   * its error (`@lit/task`'s `taskComplete`). For code outside the template, e.g.
   * a test awaiting the first data.
   */
  get taskComplete(): Promise<ResolveType<E> | undefined> {
    return readAsync(this.source);
  }

  /**
   * Renders the template for the current status: the fallback while pending, the
   * data once complete, the error once failed. Call it in the host's `render()`.
   */
  // One type per branch: a text fallback and a template result type the call as either.
  render<P = never, C = never, Err = never>(renderer: SuspenseRenderer<ResolveType<E>, P, C, Err>): P | C | Err | undefined {
    const r = this.source.read();
    if (r.status === 'ready') return renderer.complete?.(r.data as ResolveType<E>);
    if (r.status === 'error') return renderer.error?.(r.error);
    return renderer.pending?.();
  }
}

/**
 * Lit's form of `useSuspense`: a read with a fallback. Fetches when the data is
 * missing or stale; `render({ pending, complete, error })` shows the fallback until
 * the data is usable, then the data (kept live: mutations, revalidation and new
 * args update it), or the error. `status`, `value` and `error` give the same
 * for code outside templates.
 *
 * @example
 * class TodoDetail extends LitElement {
 *   static properties = { todoId: { type: Number } };
 *   declare todoId: number;
 *   private todo = new SuspenseController(this, TodoResource.get, () => ({ id: this.todoId }));
 *   render() {
 *     return this.todo.render({
 *       pending: () => html`<p>Loading…</p>`,
 *       complete: (todo) => html`<h1>${todo.title}</h1>`,
 *       error: (e) => html`<p role="alert">${e.status === 404 ? 'Not found' : e.message}</p>`,
 *     });
 *   }
 * }
 */
export class SuspenseController<E extends EndpointLike> extends Suspending<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    // ObserveModes.suspense is the default read (`{}`): naming it would bring the table of
    // every mode into an app that only suspends.
    super(host, 'useSuspense', {}, endpoint, args);
  }
}
