// What both observers (EndpointObserver, QueryObserver) do alike while subscribed:
// listen to the store through its reader index, and let go of it all on the last unsubscribe.
import { Subscribable } from '../environment';
import type { StoreLike } from './EndpointObserver';
import type { Reader } from './ReaderIndex';

/** The base of the observers (not exported): their store, reader registration and cleanups. */
export abstract class StoreRead extends Subscribable {
  // `declare`d: set in the constructor, no class-field definition ships for it.
  /** @internal */
  declare readonly store: StoreLike;
  /** Registered with the store's reader index (subscribed): recompute only when woken. */
  protected tracked = false;
  /** Our face in the reader index, which closes it when the client is destroyed. @internal */
  readonly reader: Reader = { dirty: false, refresh: () => this.refresh(), of: this };
  /** What the last unsubscribe undoes (the store's subscription, the GC retain, ...). */
  protected readonly stops: (() => void)[] = [];

  constructor(store: StoreLike) {
    super();
    this.store = store;
  }

  /** Recomputes; notifies when what it shows changed. */
  protected abstract refresh(): void;

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
      this.store.readers.untrack(this.reader);
    }
  }
}
