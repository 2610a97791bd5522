import { createLoading, type LoadingState } from '@resto/core';
import { bind } from './bind.svelte.js';
import { readOf, type Read } from './observe.js';

export type { LoadingState } from '@resto/core';

/** What `useLoading` returns: the wrapped function and its state (runes and store). */
export interface Loading<F extends (...args: any[]) => Promise<any>> extends Read<LoadingState> {
  /** Calls the function; resolves with its result, or undefined when it threw (see `error`). */
  run: (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>> | undefined>;
  readonly loading: boolean;
  readonly error: LoadingState['error'];
}

/**
 * Tracks an async function (a mutation, a form submit): `loading` while the latest
 * call runs, `error` when it failed (core's `createLoading`, the same in every
 * adapter). Errors are caught and stored, so an `onclick={save.run}` never leaves
 * an unhandled rejection.
 *
 * @example
 * const ctrl = useController();
 * const save = useLoading((title) => ctrl.fetch(TodoResource.partialUpdate, { id }, { title }));
 * <button disabled={save.loading} onclick={() => save.run('new')}>Save</button>
 * {#if save.error}{save.error.message}{/if}
 */
export function useLoading<F extends (...args: any[]) => Promise<any>>(fn: F): Loading<F> {
  const tracker = createLoading<Parameters<F>, Awaited<ReturnType<F>>>(fn);
  const read = readOf(
    bind(() => tracker, () => '', [], 'useLoading'),
    (s) => s.getSnapshot(),
  );
  return {
    subscribe: read.subscribe,
    get current() {
      return read.current;
    },
    get loading() {
      return read.current.loading;
    },
    get error() {
      return read.current.error;
    },
    run: tracker.run,
  };
}
