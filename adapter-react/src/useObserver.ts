import { useMemo } from 'react';
import { resolveArgs, type EndpointLike, type EndpointObserver, type ObserveOptions } from '@resto/core';
import { useClient } from './context';

/**
 * The observer for one read, kept while the client, the endpoint and the store key
 * stay the same. Args follow core's rule (values or getters, called on every
 * render; `null` skips) and are compared through `endpoint.key(...args)`, so inline
 * objects (`{ id: 1 }` on every render) never start a new read. Internal: every
 * hook here is this plus `useSyncExternalStore`.
 *
 * @example
 * const observer = useObserver({}, TodoResource.get, [{ id: 1 }], 'useDLE');
 */
export function useObserver<E extends EndpointLike>(
  options: ObserveOptions,
  endpoint: E,
  input: readonly unknown[],
  hook: string,
): EndpointObserver<E> {
  const client = useClient();
  const args = resolveArgs(hook, input);
  const off = args === null;
  const key = off ? null : endpoint.key(...args);
  // `options` is a module constant of each hook; `args` is fully described by `key`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => client.observeWith(options, endpoint, off ? null : args), [client, endpoint, key]);
}
