import type { Client } from '@resto/core';

/** How a scenario wants the hook's result read back. */
export type Kind = 'value' | 'dle' | 'loading' | 'mutation' | 'suspense' | 'pagination';

/** A suspense read as every adapter shows it: waiting, data, or the error. */
export type SuspenseState =
  | { status: 'pending' }
  | { status: 'data'; data: unknown }
  | { status: 'error'; error: Error & { status?: number } };

/** The adapter's hooks under their shared names. */
export type Hooks = Record<string, (...args: any[]) => any>;

/** A component mounted by a harness, with the hook's result unwrapped to plain values. */
export interface Mounted {
  /**
   * The result now: for 'dle' `{ data, loading, error, refetch }`, for 'loading'
   * `[run, loading, error]`, for 'mutation' `{ mutate, pending, error, data, reset }`, for 'pagination' `{ hasMore, next, loading, error, loadMore }`, for 'suspense' a {@link SuspenseState}, else the value
   * (refs and reads resolved).
   */
  readonly value: any;
  /** Sets the component state that `id()` reads; resolves once the framework updated. */
  setId(id: number | null): Promise<void>;
  unmount(): void;
}

/**
 * What each adapter's test suite supplies so the shared scenarios run against it:
 * its hooks and its own way of mounting a component.
 */
export interface Harness {
  readonly name: string;
  readonly hooks: Hooks;
  /**
   * Mounts a component, with `client` provided, whose body calls `use(hooks, id)`.
   * `id()` reads component state (starting at 1), so a getter argument built on it
   * follows `setId`. Rejects with what the component threw while mounting.
   */
  mount(client: Client, kind: Kind, use: (hooks: Hooks, id: () => number | null) => unknown): Promise<Mounted>;
  /** Calls `use(hooks)` in a component with no client provided; resolves with what it threw. */
  withoutClient(use: (hooks: Hooks) => unknown): Promise<unknown>;
  /** Waits until `check()` holds, the way this framework's tests wait (act-aware in React). */
  waitFor(check: () => boolean): Promise<void>;
}
