// The connection's state as an observable (subscribe/getSnapshot): what every adapter's
// status hook and a web component read.
import { Subscribable } from '../environment';

/**
 * Where a live connection stands. `reconnecting` carries the attempt and when the next
 * try is due; `closed` why it is shut (`offline` and `hidden` reopen by themselves).
 *
 * @example
 * const { status, attempt, nextTryAt } = live.getSnapshot();
 */
export interface LiveStatus {
  readonly status: 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';
  /** Tries since the connection was last open (0 while open). */
  readonly attempt: number;
  /** When the next try starts (ms since the epoch, the injected clock's), while `reconnecting`. */
  readonly nextTryAt?: number;
  /**
   * Why it is `closed`: paused offline or hidden, stopped by the app, a server client, or
   * a tab that follows the leading tab's connection (with `tabSync`).
   */
  readonly reason?: 'offline' | 'hidden' | 'stopped' | 'server' | 'follower';
  /** The last drop, or the last message that could not be stored. */
  readonly lastError?: Error;
  /** When the last message arrived. */
  readonly lastEventAt?: number;
  /** The id of the last message that carried one (what a reconnect resumes from). */
  readonly lastEventId?: string;
}

/**
 * Anything with the connection state's `subscribe`/`getSnapshot` (a {@link LiveManager}):
 * what the adapters' `useLiveStatus` takes.
 *
 * @example
 * const stop = source.subscribe(() => render(source.getSnapshot()));
 */
export interface LiveStatusSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LiveStatus;
}

/**
 * The connection state: a new snapshot object on every change, the same one otherwise
 * (what `useSyncExternalStore` and Svelte's stores compare).
 *
 * @example
 * const state = new LiveStatusStore();
 * state.set({ status: 'open', attempt: 0 });
 */
export class LiveStatusStore extends Subscribable implements LiveStatusSource {
  private snapshot: LiveStatus = { status: 'idle', attempt: 0 };

  getSnapshot = (): LiveStatus => this.snapshot;

  /** Merges `patch` into the state (a `status` change drops `nextTryAt` and `reason` unless given) and notifies. */
  set(patch: Partial<LiveStatus>): void {
    const prev = this.snapshot;
    const next: LiveStatus = { ...prev, ...patch };
    if (patch.status !== undefined && patch.status !== prev.status) {
      if (!('nextTryAt' in patch)) delete (next as { nextTryAt?: number }).nextTryAt;
      if (!('reason' in patch)) delete (next as { reason?: string }).reason;
    }
    this.snapshot = next;
    this.notify();
  }
}
