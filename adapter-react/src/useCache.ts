import { ObserveModes, type ArgsInput, type EndpointLike, type ResolveType } from '@resto/core';
import type { ArgsOf } from './types';
import { useObserver } from './useObserver';
import { useSnapshot } from './useSnapshot';

const FIELDS = ['data'] as const;

/**
 * Reads what is stored for an endpoint and never fetches: undefined until someone
 * else (a `useSuspense`, a `controller.fetch`) stored it; an object schema shows its
 * plain defaults (`{ cursor: '' }`) meanwhile.
 *
 * @example
 * const me = useCache(CurrentUser.get);
 * return me ? <Avatar user={me} /> : <LoginButton />;
 */
export function useCache<E extends EndpointLike>(endpoint: E, ...args: ArgsInput<ArgsOf<E>>): ResolveType<E> | undefined {
  const observer = useObserver(ObserveModes.cache, endpoint, args, 'useCache');
  return useSnapshot(observer, FIELDS).data;
}
