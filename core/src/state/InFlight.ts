// One request's life in one place: its promise, abort, owners, tries and start time.
// Readers do not get callbacks from it: a change of its status (started, retrying,
// ended) is published by key, the way a store change is, and they read it back.
import type { State } from './State';

/** Where an entry lives and publishes (the Controller). */
export interface InFlightHost {
  /** Reads in flight by key: a read of the same key joins the running one. */
  readonly requests: Map<string, InFlight>;
  getState(): State;
  /** Wakes the readers of `key`, as a store change of it would (createClient's reader index). */
  changed(key: string): void;
}

/**
 * The one owner of a request: made by `controller.fetch` (or an observer's fetch) when
 * no read of its key is running, joined by every later read of the key until it ends.
 * The network layer tries it and ends it; observers derive `loading` and `retryCount`
 * from it; `controller.fetch` awaits its promise.
 *
 * @example
 * const request = controller.request(undefined, TodoResource.get, [{ id: 1 }], 'GET /todos/1');
 * request.done; // false until its outcome is stored (or it was aborted)
 */
export class InFlight {
  // `declare`d members are set in the constructor or later (the flags start undefined, which
  // reads as false): no class-field definitions ship for them.
  declare readonly key: string;
  /** Its start (uniqueNow): answers of older requests, invalidations after it. */
  declare readonly fetchedAt: number;
  /** Settles with the raw response (or rejects) once it ended. */
  declare readonly promise: Promise<unknown>;
  declare readonly resolve: (value: unknown) => void;
  declare readonly reject: (error: unknown) => void;
  readonly #host: InFlightHost;
  /**
   * The observers holding it: when the last lets go it is aborted. Pinned (it holds itself)
   * when someone outside any observer awaits it (controller.fetch), or it is a mutation:
   * never aborted for lack of owners.
   */
  readonly owners = new Set<object>();
  /** Our own abort (the last owner left, a reset, destroy(), an answer that could not be stored): once its signal is aborted the tries stop and report nothing. */
  readonly abort = new AbortController();
  /** Failed tries so far (counted by the retryer, a RetryManager; unset before the first). */
  declare failures: number | undefined;
  /** The failures when the next try was decided (what readers show as `retryCount`; a RetryManager sets it and publishes). */
  retryCount = 0;
  /** Ended: its outcome is stored, or it was aborted. */
  declare done: boolean;
  /** The key's meta when it ended: what the readers it answered have handled. */
  declare endMeta: unknown;
  /** What `controller.fetch` resolves with, made once (see Controller.resultOf). */
  declare result: (Promise<any> & { resolved: boolean }) | undefined;

  constructor(host: InFlightHost, key: string, fetchedAt: number, read: boolean, owner: object | undefined) {
    this.#host = host;
    this.key = key;
    this.fetchedAt = fetchedAt;
    // Made inside the executor, which runs at once: no resolve/reject pair is kept beside them.
    // Readers that do not await it (an observer) must not make a failure unhandled.
    (this.promise = new Promise((resolve, reject) => {
      (this as { resolve: unknown }).resolve = (value: unknown) => {
        this.end();
        resolve(value);
      };
      (this as { reject: unknown }).reject = (error: unknown) => {
        this.end();
        reject(error);
      };
    })).catch(() => {});
    if (read) host.requests.set(key, this);
    else this.owners.add(this);
    this.join(owner);
  }

  /** Adds a reader: an observer owns it, anyone else pins it. Published: the joiner shows it. */
  join(owner: object | undefined): void {
    this.owners.add(owner ?? this);
    this.#host.changed(this.key);
  }

  /** Removes an owner; true when nobody holds it any more (the caller aborts it). */
  release(owner: object): boolean {
    this.owners.delete(owner);
    return !this.done && !this.owners.size;
  }

  /**
   * Its outcome is stored (or nothing will be): the key is free for the next request,
   * and its readers are woken in the same turn as the store change, before any
   * promise callback, so they see the outcome and `loading: false` together.
   */
  end(): void {
    if (this.done) return;
    this.done = true;
    const host = this.#host;
    const key = this.key;
    if (host.requests.get(key) === this) host.requests.delete(key);
    this.endMeta = host.getState().meta[key];
    host.changed(key);
  }
}
