import { useMemo } from 'react';
import { ObserveModes, type ArgsInput, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';
import { useSnapshot } from './useSnapshot';

const FIELDS = ['data', 'loading', 'error', 'retryCount'] as const;

/** What `useDLE` returns in every adapter: the read's data, whether a fetch runs, its error, and a refetch. */
export interface DLE<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: StatusError | undefined;
  /** Failed tries of the running fetch while it retries (show "retrying…"); 0 otherwise. */
  readonly retryCount: number;
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

/**
 * Reads an endpoint without suspending: `{ data, loading, error, retryCount }`. Fetches when
 * data is missing or stale; errors are returned, not thrown. The object keeps its
 * identity until one of its fields changes.
 *
 * @example
 * const { data: todos, loading, error, retryCount } = useDLE(TodoResource.getList);
 * if (error) return <p>{error.message}</p>;
 * if (!todos) return <Spinner label={retryCount ? `retrying (${retryCount})…` : 'loading…'} />;
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): DLE<ResolveType<E>> {
  const observer = useObserver(ObserveModes.dle, endpoint, args, 'useDLE');
  const snapshot = useSnapshot(observer, FIELDS);
  return useMemo(() => ({ ...snapshot, refetch: () => observer.refetch() }), [snapshot, observer]);
}
