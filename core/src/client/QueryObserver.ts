import type { State } from '../state';
import type { StoreLike } from './EndpointObserver';

/**
 * A derived read from the store with no fetch: an Entity by pk, `All`, a `Query`,
 * a Collection by args. `{ subscribe, getSnapshot }` like EndpointObserver; the
 * snapshot is the data itself and keeps identity until what it reads changed.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * const obs = client.query(remaining);
 * obs.subscribe(() => console.log(obs.getSnapshot()));
 */
export class QueryObserver<T = unknown> {
  private readonly store: StoreLike;
  private readonly schema: unknown;
  private readonly args: readonly unknown[] | null;
  private state: State | undefined;
  private value: T | undefined;

  constructor(store: StoreLike, schema: unknown, args: readonly unknown[] | null) {
    this.store = store;
    this.schema = schema;
    this.args = args === null || args[0] === null ? null : args;
  }

  subscribe = (listener: () => void): (() => void) => {
    let prev = this.getSnapshot();
    const release = this.args === null ? undefined : this.store.controller.gc?.retainQuery?.(this.schema, this.args);
    const stop = this.store.subscribe(() => {
      const next = this.getSnapshot();
      if (next !== prev) {
        prev = next;
        listener();
      }
    });
    return () => {
      stop();
      release?.();
    };
  };

  getSnapshot = (): T | undefined => {
    const state = this.store.getSnapshot();
    if (state !== this.state) {
      this.state = state;
      this.value = this.args === null ? undefined : this.store.controller.get(this.schema, ...this.args, state);
    }
    return this.value;
  };
}
