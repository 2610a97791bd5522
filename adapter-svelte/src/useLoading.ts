import { createLoading, type StatusError } from '@resto/core';
import { bind } from './bind.svelte.js';
import { readOf, type Read } from './observe.js';

export type { LoadingState } from '@resto/core';

/**
 * What `useLoading` returns, the same tuple as in React and Vue: the wrapped
 * function, then `loading` and `error` as reads (`.current` under runes, `$loading`
 * as stores), where React gives values and Vue gives refs.
 */
export type Loading<F extends (...args: any[]) => Promise<any>> = readonly [
  run: (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>> | undefined>,
  loading: Read<boolean>,
  error: Read<StatusError | undefined>,
];

/**
 * Tracks an async function (a mutation, a form submit): `loading` while the latest
 * call runs, `error` when it failed (core's `createLoading`, the same in every
 * adapter). Errors are caught and stored, so an `onclick={save}` never leaves an
 * unhandled rejection.
 *
 * @example
 * const ctrl = useController();
 * const [save, saving, failed] = useLoading((title) => ctrl.fetch(TodoResource.partialUpdate, { id }, { title }));
 * <button disabled={saving.current} onclick={() => save('new')}>Save</button>
 * {#if failed.current}{failed.current.message}{/if}
 */
export function useLoading<F extends (...args: any[]) => Promise<any>>(fn: F): Loading<F> {
  const tracker = createLoading<Parameters<F>, Awaited<ReturnType<F>>>(fn);
  const binding = bind(() => tracker, () => '', [], 'useLoading');
  const loading = readOf(binding, (s) => s.getSnapshot().loading);
  const error = readOf(binding, (s) => s.getSnapshot().error as StatusError | undefined);
  return [tracker.run, loading, error];
}
