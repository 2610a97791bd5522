import { ObserveModes, type ArgsInput, type EndpointLike, type StatusError } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';
import { useSnapshot } from './useSnapshot';

const FIELDS = ['error'] as const;

/**
 * The error stored for an endpoint's read (with its numeric `status`), or undefined.
 * Does not fetch; a soft error (see `errorPolicy`) stays hidden while data exists.
 *
 * @example
 * const error = useError(TodoResource.get, { id });
 * if (error?.status === 404) return <NotFound />;
 */
export function useError<E extends EndpointLike>(
  endpoint: E,
  ...args: ArgsInput<ArgsOf<E>>
): StatusError | undefined {
  const observer = useObserver(ObserveModes.error, endpoint, args, 'useError');
  return useSnapshot(observer, FIELDS).error;
}
