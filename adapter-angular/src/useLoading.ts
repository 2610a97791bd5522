import { createLoading, type LoadingState } from '@resto/core';
import { computed, type Signal } from '@angular/core';
import { fromSource } from './bind';

/**
 * Wraps an async function with its loading and error state: `[run, loading, error]`.
 * A failure is stored in `error`, not thrown (`run` resolves with undefined).
 *
 * @example
 * readonly save = useLoading((title: string) => this.ctrl.fetch(TodoResource.getList.push, { title }));
 * // template: <button (click)="save[0]('new')" [disabled]="save[1]()">Add</button>
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [wrapped: (...args: A) => Promise<R | undefined>, loading: Signal<boolean>, error: Signal<LoadingState['error']>] {
  const tracker = createLoading(fn);
  const state = fromSource(tracker);
  return [tracker.run, computed(() => state().loading), computed(() => state().error)];
}
