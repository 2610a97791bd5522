// What both observers (EndpointObserver, QueryObserver) do alike while subscribed:
// listen to the store through its reader index, and let go of it all on the last unsubscribe.
import { Subscribable } from '../environment';
import type { StoreLike } from './EndpointObserver';
import type { Reader } from './ReaderIndex';

/**
 * The base of the observers (not exported): their store, reader registration and cleanups.
 * An observer is its own face in the reader index (a {@link Reader}).
 */
export abstract class StoreRead extends Subscribable implements Reader {
  // `declare`d: set in the constructor, no class-field definition ships for it.
  /** @internal */
  declare readonly store: StoreLike;
  /** Registered with the store's reader index (subscribed): recompute only when woken. */
  protected tracked = false;
  /** The reader index woke it, or it asks itself to recompute (see {@link Reader}). @internal */
  dirty = false;
  /** What the last unsubscribe undoes (the store's subscription, the GC retain, ...). */
  protected readonly stops: (() => void)[] = [];

  constructor(store: StoreLike) {
    super();
    this.store = store;
  }

  /** Recomputes; notifies when what it shows changed (the reader index calls it, batched). @internal */
  abstract refresh(): void;

  /** Drops every listener and lets go of everything (what `client.destroy()` calls). */
  close(): void {
    if (!this.listeners.size) return;
    this.listeners.clear();
    this.onLast();
  }

  protected override onLast(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.tracked) {
      this.tracked = false;
      this.store.readers.track(this);
    }
  }
}
