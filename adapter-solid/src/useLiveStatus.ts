import type { LiveStatus, LiveStatusSource } from '@resto/core/live';
import { bind } from './bind';
import type { Accessor } from 'solid-js';

/**
 * The state of a live connection (`@resto/core/live`'s LiveManager) as an accessor:
 * `status` (connecting, open, reconnecting with `attempt` and `nextTryAt`, closed with
 * `reason`), `lastError`, `lastEventAt`. Stops listening when the owner is disposed.
 * Not `useLive`, which polls.
 *
 * @example
 * const live = useLiveStatus(liveManager);
 * return <Show when={live().status === 'reconnecting'}>Reconnecting (try {live().attempt})…</Show>;
 */
export function useLiveStatus(source: LiveStatusSource): Accessor<LiveStatus> {
  return bind(() => source, () => '', [], 'useLiveStatus').snapshot;
}
