import { bind, type Source } from './bind.svelte';
import { readOf, type Read } from './observe';

/** Loading state of a `useLoading` function. */
export interface LoadingState {
  readonly loading: boolean;
  readonly error: (Error & { status?: number }) | undefined;
}

/** What `useLoading` returns: the wrapped function and its state (runes and store). */
export interface Loading<F extends (...args: any[]) => Promise<any>> extends Read<LoadingState> {
  /** Calls the function; resolves with its result, or undefined when it threw (see `error`). */
  run: (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>> | undefined>;
  readonly loading: boolean;
  readonly error: LoadingState['error'];
}

/**
 * Tracks an async function (a mutation, a form submit): `loading` while the last
 * call runs, `error` when it failed. Errors are caught and stored, so an
 * `onclick={save.run}` never leaves an unhandled rejection.
 *
 * @example
 * const ctrl = useController();
 * const save = useLoading((title) => ctrl.fetch(TodoResource.partialUpdate, { id }, { title }));
 * <button disabled={save.loading} onclick={() => save.run('new')}>Save</button>
 * {#if save.error}{save.error.message}{/if}
 */
export function useLoading<F extends (...args: any[]) => Promise<any>>(fn: F): Loading<F> {
  let state: LoadingState = { loading: false, error: undefined };
  const listeners = new Set<() => void>();
  const set = (next: LoadingState) => {
    state = next;
    for (const l of [...listeners]) l();
  };
  const source: Source<LoadingState> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
  const read = readOf(
    bind(() => source, () => '', []),
    (s) => s.getSnapshot(),
  );
  // Only the latest call decides the state (a slow earlier call must not end it).
  let calls = 0;
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
    async run(...args) {
      const call = ++calls;
      set({ loading: true, error: undefined });
      try {
        const value = await fn(...args);
        if (call === calls) set({ loading: false, error: undefined });
        return value;
      } catch (error) {
        if (call === calls) set({ loading: false, error: error as LoadingState['error'] });
        return undefined;
      }
    },
  };
}
