// The loading state of one async function (every adapter's useLoading): the latest call
// decides, errors are stored instead of thrown. It does not touch the store.
import type { StatusError } from '../endpoint/types';
import { Subscribable } from '../environment';
/** What {@link createLoading} reports: whether the latest call runs, and how it failed. */
export interface LoadingState {
  readonly loading: boolean;
  readonly error: StatusError | undefined;
}

/** An async function with its loading state, in the store contract every adapter binds to. */
export interface LoadingStore<A extends unknown[], R> {
  /** Calls the function; resolves with its value, or undefined when it failed (see `error`). */
  run(...args: A): Promise<R | undefined>;
  /** Calls `listener` after every change of the snapshot. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** `{ loading, error }`; the same object until one of them changes. */
  getSnapshot(): LoadingState;
}

const IDLE: LoadingState = Object.freeze({ loading: false, error: undefined });
const LOADING: LoadingState = Object.freeze({ loading: true, error: undefined });

/**
 * Tracks an async function (a mutation, a form submit) for every adapter's
 * `useLoading`, with one semantics: the latest call decides `loading` and `error`
 * (a slow earlier call neither ends the loading state nor sets an error), and errors
 * are stored, not rethrown, so a click handler never leaves an unhandled rejection.
 * Starting a call clears the previous error.
 *
 * @example
 * const save = createLoading((title: string) => client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title }));
 * save.subscribe(() => render(save.getSnapshot()));
 * await save.run('Done'); // the updated todo, or undefined and save.getSnapshot().error
 */
export function createLoading<A extends unknown[], R>(fn: (...args: A) => Promise<R>): LoadingStore<A, R> {
  return new Latest(fn, (loading, error) => (error ? { loading, error } : loading ? LOADING : IDLE));
}

/**
 * The one state machine behind `createLoading` and `createMutation`: the latest call
 * decides, a failure is stored instead of rethrown, `reset` forgets every call so far.
 * `view` shapes the snapshot, which is a new object only when something it shows changed. Internal.
 */
export class Latest<A extends unknown[], R, S extends object> extends Subscribable {
  private state: S;
  private latest = 0;

  constructor(
    private readonly fn: (...args: A) => Promise<R>,
    private readonly view: (pending: boolean, error: StatusError | undefined, data: R | undefined) => S,
  ) {
    super();
    this.state = view(false, undefined, undefined);
  }

  getSnapshot = (): S => this.state;

  run = async (...args: A): Promise<R | undefined> => {
    const call = ++this.latest;
    this.set(true, undefined, undefined);
    try {
      const data = await this.fn(...args);
      if (call === this.latest) this.set(false, undefined, data);
      return data;
    } catch (e) {
      if (call === this.latest) this.set(false, e as StatusError, undefined);
      return undefined;
    }
  };

  reset = (): void => {
    this.latest++;
    this.set(false, undefined, undefined);
  };

  private set(pending: boolean, error: StatusError | undefined, data: R | undefined) {
    const next = this.view(pending, error, data);
    // What the view shows is unchanged (useLoading shows no data): the same snapshot, no notification.
    if ((Object.keys(next) as (keyof S)[]).every((k) => next[k] === this.state[k])) return;
    this.state = next;
    this.notify();
  }
}
