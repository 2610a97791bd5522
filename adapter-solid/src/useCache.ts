import { ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import { createMemo, type Accessor } from 'solid-js';
import { bindEndpoint, type ReactiveArgs } from './bind';
import { useClient } from './context';

/**
 * Reads what the store holds for an endpoint and never fetches. Undefined until
 * someone else fetched it (or when it was invalidated).
 *
 * @example
 * const me = useCache(UserResource.current); // shown in the header once the profile page loaded it
 * return <Show when={me()}>{(user) => <span>{user().name}</span>}</Show>;
 */
export function useCache<E extends EndpointLike>(endpoint: E, ...args: ReactiveArgs<E>): Accessor<ResolveType<E> | undefined> {
  const { snapshot } = bindEndpoint(useClient(), ObserveModes.cache, endpoint, args, 'useCache');
  return createMemo(() => snapshot().data);
}
