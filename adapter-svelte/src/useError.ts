import { ObserveModes, type EndpointLike, type StatusError } from '@resto/core';
import type { Args, ArgsInput } from './bind.svelte.js';
import { bindEndpoint, readOf, type Read } from './observe.js';

/** An error as stored by Resto: `NetworkError` and friends carry a numeric `status`. */
export type ReadError = StatusError;

/**
 * The stored error of an endpoint read (never fetching); a soft error is hidden
 * while data exists. Args as in `useDLE`.
 *
 * @example
 * const error = useError(TodoResource.get, () => ({ id }));
 * {#if error.current?.status === 404}Not found{/if}
 */
export function useError<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<Args<E>>): Read<ReadError | undefined> {
  return readOf(bindEndpoint(ObserveModes.error, endpoint, args, 'useError'), (o) => o.getSnapshot().error);
}
