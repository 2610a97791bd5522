import { useSyncExternalStore } from 'react';
import type { LiveStatus, LiveStatusSource } from '@resto/core/live';

/**
 * The state of a live connection (`@resto/core/live`'s LiveManager): `status`
 * (connecting, open, reconnecting with `attempt` and `nextTryAt`, closed with `reason`),
 * `lastError`, `lastEventAt`. Re-renders when it changes. Not `useLive`, which polls.
 *
 * @example
 * const { status, attempt } = useLiveStatus(live);
 * if (status === 'reconnecting') return <p>Reconnecting (try {attempt})…</p>;
 */
export function useLiveStatus(source: LiveStatusSource): LiveStatus {
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}
