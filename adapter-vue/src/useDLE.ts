import { ObserveModes, type EndpointLike, type ResolveType, type StatusError } from '@resto/core';
import { computed, type ComputedRef } from 'vue';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/** What {@link useDLE} returns: readonly refs and a refetch. */
export interface DLE<T> {
  readonly data: ComputedRef<T | undefined>;
  readonly loading: ComputedRef<boolean>;
  readonly error: ComputedRef<StatusError | undefined>;
  /** Failed tries of the running fetch while it retries (show "retrying…"); 0 otherwise. */
  readonly retryCount: ComputedRef<number>;
  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void>;
}

/**
 * Data, Loading, Error: reads an endpoint without suspending. Fetches when the data
 * is missing or stale; args may be refs or getters (a new key is read and fetched
 * when they change); `null` switches the read off.
 *
 * @example
 * const id = ref(1);
 * const { data: todo, loading, error } = useDLE(TodoResource.get, () => ({ id: id.value }));
 * // template: <p v-if="loading">…</p><p v-else-if="error">{{ error.status }}</p><p v-else>{{ todo?.title }}</p>
 */
export function useDLE<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): DLE<ResolveType<E>> {
  const { observer, snapshot } = bindEndpoint(useClient(), ObserveModes.dle, endpoint, args, 'useDLE');
  return {
    data: computed(() => snapshot.value.data),
    loading: computed(() => snapshot.value.loading),
    error: computed(() => snapshot.value.error),
    retryCount: computed(() => snapshot.value.retryCount),
    refetch: () => observer.value.refetch(),
  };
}
