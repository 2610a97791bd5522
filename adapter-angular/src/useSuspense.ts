import { type EndpointLike, type ObserveOptions, type ReadResult, type ResolveType } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { injectClient } from './context';

/**
 * A suspense-style read as a signal: `pending` while nothing usable is stored (show
 * the fallback), `ready` with the data, or `error` (a stored error wins even over
 * stale data). Core's `read()` decides which; the union narrows in `@if`.
 *
 * @example
 * const t = this.todo(); // Suspended<Todo>
 * if (t.status === 'ready') console.log(t.data.title);
 */
export type Suspended<T> = ReadResult<T>;

/** Shared by useSuspense and useLive. @internal */
export function suspenseRead<E extends EndpointLike>(options: ObserveOptions, endpoint: E, args: readonly unknown[], hook: string): Signal<Suspended<ResolveType<E>>> {
  const { observer, snapshot } = bindEndpoint(injectClient(hook), options, endpoint, args, hook);
  return computed(() => {
    snapshot(); // re-read on every snapshot; core's read() decides what it shows
    return observer().read() as Suspended<ResolveType<E>>;
  });
}

/**
 * The suspense read. Angular has no Suspense, so instead of suspending the component
 * it returns a signal of the read's state, which an `@if` maps onto a fallback, the
 * data or the error. Fetches when the data is missing or stale; args may be signals
 * or getters; `null` switches the read off. Call it in an injection context.
 *
 * @example
 * class TodoDetail {
 *   readonly id = input.required<number>();
 *   readonly todo = useSuspense(TodoResource.get, () => ({ id: this.id() }));
 * }
 * // template:
 * // @let t = todo();
 * // @if (t.status === 'ready') { <h1>{{ t.data.title }}</h1> }
 * // @else if (t.status === 'error') { <p>failed: {{ t.error.status }}</p> }
 * // @else { <p>Loading…</p> }
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Signal<Suspended<ResolveType<E>>> {
  // ObserveModes.suspense is the default read (`{}`): naming it would bring the table of
  // every mode into an app that only suspends.
  return suspenseRead({}, endpoint, args, 'useSuspense');
}
