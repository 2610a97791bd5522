import type { LiveStatus, LiveStatusSource } from '@resto/core/live';
import type { Signal } from '@angular/core';
import { fromSource } from './bind';

/**
 * The state of a live connection (`@resto/core/live`'s LiveManager) as a signal:
 * `status` (connecting, open, reconnecting with `attempt` and `nextTryAt`, closed with
 * `reason`), `lastError`, `lastEventAt`. Stops listening when the injection context
 * ends. Not `useLive`, which polls.
 *
 * @example
 * readonly live = useLiveStatus(liveManager);
 * // template: @if (live().status === 'reconnecting') { Reconnecting (try {{ live().attempt }})… }
 */
export function useLiveStatus(source: LiveStatusSource): Signal<LiveStatus> {
  return fromSource(source);
}
