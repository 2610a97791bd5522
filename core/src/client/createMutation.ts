// The state of one mutation endpoint (every adapter's useMutation): pending, error and
// result of the latest call, and reset. Calls go through the controller, so the store
// is updated exactly as by `controller.fetch`.
import type { Controller, EndpointArgs, ResolveType } from '../controller';
import type { StatusError } from '../endpoint/types';
import type { EndpointLike } from '../state';
import { Latest } from './createLoading';

/**
 * What {@link createMutation} reports: the latest call's state.
 *
 * @example
 * const { pending, error, data }: MutationState<Todo> = create.getSnapshot();
 */
export interface MutationState<T> {
  /** The latest call has not settled yet. */
  readonly pending: boolean;
  /** How the latest call failed; cleared by the next call and by `reset`. */
  readonly error: StatusError | undefined;
  /** What the latest call resolved with (denormalized, as `controller.fetch` gives it). */
  readonly data: T | undefined;
}

/**
 * A mutation endpoint with its state, in the store contract every adapter binds to.
 *
 * @example
 * const create: MutationStore<typeof TodoResource.getList.push> = createMutation(client.controller, TodoResource.getList.push);
 */
export interface MutationStore<E extends EndpointLike> {
  /**
   * Calls the endpoint through the controller. Resolves with its result, or with
   * undefined when it failed: the failure is in `error`, never an unhandled rejection.
   */
  mutate(...args: EndpointArgs<E>): Promise<ResolveType<E> | undefined>;
  /** Back to idle; calls still running no longer change the state. */
  reset(): void;
  /** Calls `listener` after every change of the snapshot. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** `{ pending, error, data }`; the same object until one of them changes. */
  getSnapshot(): MutationState<ResolveType<E>>;
}

/**
 * Tracks one mutation endpoint for every adapter's `useMutation` (and web components
 * directly). Only the latest call decides the state: starting one clears the last
 * error and result, and an earlier call that settles later changes nothing. A failure
 * is stored in `error` and the call resolves undefined, so a click handler that
 * ignores the promise never leaves an unhandled rejection.
 *
 * @example
 * const create = createMutation(client.controller, TodoResource.getList.push);
 * create.subscribe(() => render(create.getSnapshot())); // { pending, error, data }
 * const todo = await create.mutate({ title: 'Write docs' }); // undefined if it failed
 * if (create.getSnapshot().error?.status === 422) showErrors(create.getSnapshot().error.body);
 */
export function createMutation<E extends EndpointLike>(controller: Controller, endpoint: E): MutationStore<E> {
  const store = new Latest((...args: EndpointArgs<E>) => controller.fetch(endpoint, ...args), (pending, error, data) => ({ pending, error, data }));
  return { mutate: store.run, reset: store.reset, subscribe: store.subscribe, getSnapshot: store.getSnapshot };
}

