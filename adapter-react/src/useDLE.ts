import { useMemo } from 'react';
import { ObserveModes, type ArgsInput, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';
import { useSnapshot } from './useSnapshot';

const FIELDS = ['data', 'loading', 'error'] as const;

/** What `useDLE` returns in every adapter: the read's data, whether a fetch runs, its error, and a refetch. */
export interface DLE<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: StatusError | undefined;
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

/**
 * Reads an endpoint without suspending: `{ data, loading, error }`. Fetches when
 * data is missing or stale; errors are returned, not thrown. The object keeps its
 * identity until one of its fields changes.
 *
 * @example
 * const { data: todos, loading, error } = useDLE(TodoResource.getList);
 * if (error) return <p>{error.message}</p>;
 * if (!todos) return <Spinner />;
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): DLE<ResolveType<E>> {
  const observer = useObserver(ObserveModes.dle, endpoint, args, 'useDLE');
  const snapshot = useSnapshot(observer, FIELDS);
  return useMemo(() => ({ ...snapshot, refetch: () => observer.refetch() }), [snapshot, observer]);
}
