// Garbage collection: which results and live queries are read (retain counts, last read)
// and the sweep that removes what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { readInput } from '../controller/byKey';
import { GC, type EndpointLike } from '../state';
import type { Manager, Middleware } from './Manager';
import { expired, readsOf, unreached, type Known } from './sweep';

/** Options of {@link GCPolicy}. */
export interface GCOptions {
  /** How often a sweep starts (ms, default 60 s). */
  readonly intervalMS?: number;
  /** How long unread data stays after it expired (a result: or its last reader left) (ms, default 60 s). */
  readonly graceMS?: number;
}


/**
 * Garbage collection, on in every client by default, by data-client's rule: endpoint
 * results and entities no observer reads are removed once the grace period after their
 * expiry (a result's: or its last reader's leaving) passed. A bound on stored entities and a sweep
 * in slices come with {@link BoundedGCPolicy}.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new GCPolicy({ graceMS: 120_000 })],
 * });
 */
export class GCPolicy implements Manager, GCInterface {
  /** The read results by key, and the live queries (keyed by their own record). @internal */
  readonly known = new Map<unknown, Known>();
  // Set later, off any hot path: declared, so no class-field definition ships for it.
  declare protected controller: Controller | undefined;
  // Private (a short name once minified): only this class starts and stops it.
  #timer: ReturnType<typeof setInterval> | undefined;
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare readonly intervalMS: number;
  declare readonly graceMS: number;
  /** This policy is the client's {@link GCInterface} (see `Manager.gc`). */
  readonly gc: GCInterface = this;

  constructor({ intervalMS = 60_000, graceMS = 60_000 }: GCOptions = {}) {
    this.intervalMS = intervalMS;
    this.graceMS = graceMS;
  }

  // It sees no action: a result's grace runs from its expiry or last release, which the store and the reads say.
  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => next;
  };

  retain(endpoint: EndpointLike, args: readonly unknown[]): () => void {
    return this.hold(this.entry(endpoint.key(...args), endpoint.schema, args));
  }

  /** A result's last read is its last release here: the order of reads is BoundedGCPolicy's (least recently read go first). */
  touch(_key: string): void {}

  /** Number of observers reading `key` (for tests and devtools). */
  refCount(key: string): number {
    return this.known.get(key)?.refs ?? 0;
  }

  cleanup(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Counts a reader of `known` until the returned function is called (once), which marks it read; a query is forgotten then. @internal */
  hold(known: Known): () => void {
    known.refs++;
    // Started lazily: a client nobody reads from (a throwaway in a render) owns no timer.
    if (!this.#timer) {
      this.#timer = setInterval(() => this.sweep(), this.intervalMS);
      (this.#timer as { unref?: () => void }).unref?.();
    }
    let held = true;
    return () => {
      if (held) {
        held = false;
        known.refs--;
        known.lastRead = Date.now();
        if (!known.key) this.known.delete(known);
      }
    };
  }

  /** The record of the result under `key` (a new live query's without one, keyed by itself). @internal */
  entry(key: string | undefined, schema: unknown, args: readonly unknown[]): Known {
    let known = this.known.get(key);
    if (!known) {
      known = { key, schema, args, refs: 0, lastRead: 0 };
      this.known.set(key ?? known, known);
    }
    return known;
  }

  /**
   * One sweep, done at once (a BoundedGCPolicy's in slices); resolves once stored. Safe to
   * call by hand (tests, memory pressure). Results nobody reads that are past expiry and grace go.
   * Entities stay while a reader reads them (the entities its result or query denormalized,
   * taken from the memo its readers share), else until past their own expiry and grace,
   * as in data-client: an unread result keeps none. All in one GC action.
   */
  async sweep(): Promise<void> {
    const { controller, known, graceMS } = this;
    if (!controller) return;
    const state = controller.getState();
    const now = Date.now();
    const kept = new Set<string>();
    const endpoints: string[] = [];
    for (const read of readsOf(state, known)) {
      const { key, schema, args } = read;
      if (expired(read, state, known, now, graceMS)) endpoints.push(key!);
      else if (read.refs)
        try {
          // Read as its readers read it (an All from the tables, a key with nothing stored by its args).
          for (const p of controller.memo.denormalize(schema, readInput(schema, args!, key && state.endpoints[key], state.entities), state.entities, args).paths) kept.add(p.key + '\0' + p.pk);
        } catch {
          // A schema that throws reading it (its readers meet the same throw) keeps nothing; the sweep goes on.
        }
    }
    const entities = unreached(state.entities, state.entitiesMeta, kept, now, graceMS);
    if (endpoints.length || entities.length) return controller.dispatch({ type: GC, endpoints, entities });
  }
}
