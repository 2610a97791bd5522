import { createLoading, type LoadingState } from '@resto/core';
import { createMemo, type Accessor } from 'solid-js';
import { bind } from './bind';

/**
 * What {@link useLoading} returns, the same tuple as in the other adapters: the
 * wrapped function, then `loading` and `error` as accessors.
 *
 * @example
 * const [save, saving, saveError]: Loading<[string], Todo> = useLoading((title: string) => ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 */
export type Loading<A extends unknown[], R> = readonly [
  run: (...args: A) => Promise<R | undefined>,
  loading: Accessor<boolean>,
  error: Accessor<LoadingState['error']>,
];

/**
 * Wraps an async function (usually a mutation) with `loading` and `error`
 * accessors. Core's `createLoading` decides, the same in every adapter: only the
 * latest call drives them, and a failure is stored in `error` (the wrapped function
 * then resolves undefined) rather than rethrown, so `onClick={() => save()}` never
 * leaves an unhandled rejection. Nothing is set after the owner is disposed.
 *
 * @example
 * const ctrl = useController();
 * const [save, saving, saveError] = useLoading((title: string) => ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 * return <button disabled={saving()} onClick={() => save('new title')}>Save</button>;
 */
export function useLoading<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Loading<A, R> {
  const tracker = createLoading(fn);
  const { snapshot } = bind(() => tracker, () => '', [], 'useLoading');
  const loading = createMemo(() => snapshot().loading);
  const error = createMemo(() => snapshot().error);
  return [tracker.run, loading, error];
}
