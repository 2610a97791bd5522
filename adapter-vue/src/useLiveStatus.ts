import type { LiveStatus, LiveStatusSource } from '@resto/core/live';
import { getCurrentScope, onScopeDispose, shallowRef, type ShallowRef } from 'vue';

/**
 * The state of a live connection (`@resto/core/live`'s LiveManager) as a ref: `status`
 * (connecting, open, reconnecting with `attempt` and `nextTryAt`, closed with `reason`),
 * `lastError`, `lastEventAt`. Stops listening when the scope ends. Not `useLive`, which polls.
 *
 * @example
 * const live = useLiveStatus(liveManager);
 * // template: <p v-if="live.status === 'reconnecting'">Reconnecting (try {{ live.attempt }})…</p>
 */
export function useLiveStatus(source: LiveStatusSource): Readonly<ShallowRef<LiveStatus>> {
  const state = shallowRef(source.getSnapshot());
  const stop = source.subscribe(() => (state.value = source.getSnapshot()));
  if (getCurrentScope()) onScopeDispose(stop);
  return state;
}
