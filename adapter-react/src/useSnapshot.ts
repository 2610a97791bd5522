import { useMemo, useSyncExternalStore } from 'react';
import type { EndpointLike, EndpointObserver, ObserverSnapshot, ResolveType } from '@resto/core';

/**
 * Binds an observer to `useSyncExternalStore`, keeping only the fields a hook uses:
 * the component re-renders when one of those changed, not when, say, only `stale`
 * moved because identical data was stored again. Internal.
 *
 * @example
 * const { data, error } = useSnapshot(observer, ['data', 'error']);
 */
export function useSnapshot<E extends EndpointLike, K extends keyof ObserverSnapshot>(
  observer: EndpointObserver<E>,
  fields: readonly K[],
): Pick<ObserverSnapshot<ResolveType<E>>, K> {
  // `fields` is a module constant of each hook.
  const select = useMemo(() => {
    let last: Pick<ObserverSnapshot<ResolveType<E>>, K> | undefined;
    return () => {
      const next = observer.getSnapshot();
      if (last === undefined || fields.some((f) => last![f] !== next[f])) {
        last = {} as Pick<ObserverSnapshot<ResolveType<E>>, K>;
        for (const f of fields) last[f] = next[f];
      }
      return last;
    };
    // `fields` is a constant list in each calling hook; only the observer changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observer]);
  return useSyncExternalStore(observer.subscribe, select, select);
}
