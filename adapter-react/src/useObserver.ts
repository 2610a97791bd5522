import { useMemo } from 'react';
import { readKey, resolveArgs, type Client, type EndpointLike, type EndpointObserver, type ObserveOptions } from '@resto/core';
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
  return useKeyedObserver(endpoint, input, hook, (client, args) => client.observeWith(options, endpoint, args));
}

/**
 * The one rule of every hook over an observer: resolve the args (values or getters,
 * `null` skips), and make a new observer only when the client, the endpoint or the
 * args' key change. @internal
 */
export function useKeyedObserver<O>(
  endpoint: EndpointLike,
  input: readonly unknown[],
  hook: string,
  make: (client: Client, args: readonly unknown[] | null) => O,
): O {
  const client = useClient();
  const args = resolveArgs(hook, input);
  const key = readKey(endpoint, args);
  // `make` is the hook's own rule and `args` is fully described by `key`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => make(client, args), [client, endpoint, key]);
}
