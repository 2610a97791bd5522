import type { LiveStatus, LiveStatusSource } from '@resto/core/live';
import { bind } from './bind.svelte.js';
import { readOf, type Read } from './observe.js';

/**
 * The state of a live connection (`@resto/core/live`'s LiveManager) as a read
 * (`.current` under runes, `$status` as a store): `status` (connecting, open,
 * reconnecting with `attempt` and `nextTryAt`, closed with `reason`), `lastError`,
 * `lastEventAt`. Not `useLive`, which polls.
 *
 * @example
 * const live = useLiveStatus(liveManager);
 * {#if live.current.status === 'reconnecting'}Reconnecting (try {live.current.attempt})…{/if}
 */
export function useLiveStatus(source: LiveStatusSource): Read<LiveStatus> {
  return readOf(bind(() => source, () => '', [], 'useLiveStatus'), (s) => s.getSnapshot());
}
