// Garbage collection: which results are read (retain counts, last read) and the sweep
// that removes what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { ownValue } from '../schema/ownEntry';
import { GC, SET_RESPONSE, type ActionTypes, type EndpointLike } from '../state';
import type { Manager, Middleware } from './Manager';
import { queryKey, tableKeys } from '../normalize';
import { reach } from './reach';

/** Options of {@link GCPolicy}. */
export interface GCOptions {
  /** How often a sweep starts (ms, default 60 s). */
  readonly intervalMS?: number;
  /** How long unread data stays after it expired or was last read (ms, default 60 s). */
  readonly graceMS?: number;
  /** Optional bound on stored entities; least recently read results are evicted first. */
  readonly maxEntities?: number;
  /** Results read per slice of a sweep; the host runs (renders, input) between slices. */
  readonly chunkSize?: number;
}

/** A read the sweep knows: a stored result (by its key) or a live query (its own object). */
interface Known {
  /** The result's schema or the query's; a query has no `key`. */
  readonly schema: unknown;
  readonly args: readonly unknown[];
  readonly key?: string;
  refs: number;
  lastRead: number;
}

/**
 * Garbage collection, on in every client by default: endpoint results that no
 * observer reads are removed once they expired and a grace period passed, then
 * entities no remaining result reaches. With `maxEntities`, the least recently read
 * unread results go first until the store fits. A sweep reads the store in slices,
 * never in one long blocking pass.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new GCPolicy({ maxEntities: 5000 })],
 * });
 */
export class GCPolicy implements Manager, GCInterface {
  /** Results by key, and the live queries (keyed by their own record). */
  private readonly known = new Map<unknown, Known>();
  // Set later, off any hot path: declared, so no class-field definitions ship.
  declare private controller: Controller | undefined;
  declare private timer: ReturnType<typeof setInterval> | undefined;
  /** A sweep is running (declared: unset until the first one). */
  declare private sweeping: boolean;
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare readonly intervalMS: number;
  declare readonly graceMS: number;
  declare readonly maxEntities: number;
  declare readonly chunkSize: number;
  /** This policy is the client's {@link GCInterface} (see `Manager.gc`). */
  readonly gc: GCInterface = this;

  constructor({ intervalMS = 60_000, graceMS = 60_000, maxEntities = Infinity, chunkSize = 500 }: GCOptions = {}) {
    Object.assign(this, { intervalMS, graceMS, maxEntities, chunkSize });
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => (action: ActionTypes) => {
      // A stored answer counts as just read (its grace starts now), and its endpoint tells the sweep what it reaches.
      if (action.type === SET_RESPONSE && !action.error) this.entry(action.key, action.endpoint.schema, action.args);
      return next(action);
    };
  };

  retain(endpoint: EndpointLike, args: readonly unknown[]): () => void {
    return this.hold(this.entry(endpoint.key(...args), endpoint.schema, args));
  }

  retainQuery(schema: unknown, args: readonly unknown[]): () => void {
    return this.hold(this.entry(undefined, schema, args));
  }

  touch(key: string): void {
    const known = this.known.get(key);
    if (known) known.lastRead = Date.now();
  }

  /** Number of observers reading `key` (for tests and devtools). */
  refCount(key: string): number {
    return this.known.get(key)?.refs ?? 0;
  }

  cleanup(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Counts a reader of `known` until the returned function is called (once); a query is forgotten then. */
  private hold(known: Known): () => void {
    known.refs++;
    known.lastRead = Date.now();
    // Started lazily: a client nobody reads from (a throwaway in a render) owns no timer.
    if (!this.timer) {
      this.timer = setInterval(() => void this.sweep(), this.intervalMS);
      (this.timer as { unref?: () => void }).unref?.();
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

  /** The record of the result under `key` (a new live query's without one, keyed by itself), marked as just read. */
  private entry(key: string | undefined, schema: unknown, args: readonly unknown[]): Known {
    let known = this.known.get(key);
    if (!known) {
      known = { key, schema, args, refs: 0, lastRead: 0 };
      this.known.set(key ?? known, known);
    }
    known.lastRead = Date.now();
    return known;
  }

  /**
   * One sweep; resolves when it is done. Safe to call by hand (tests, memory pressure);
   * a sweep already running is not started twice. Results nobody reads that are past
   * expiry and grace go. The others keep the entities they reach (their stored pks walked
   * through their schema, never denormalized): read ones first, then unread
   * ones from the most recently read while what they add fits `maxEntities` (the rest
   * go). Then every entity nothing reaches goes once past its own expiry and grace (at
   * once while over the bound), all in one GC action.
   */
  async sweep(): Promise<void> {
    const { controller, known, graceMS, maxEntities } = this;
    if (!controller || this.sweeping) return;
    this.sweeping = true;
    try {
      const now = Date.now();
      const state = controller.getState();
      /** The entities kept results and live queries reach. */
      const kept = new Set<string>();
      const doomed: string[] = [];
      // Every stored result (one nobody ever read counts as read at 0) and every live query,
      // the read ones first, then from the most recently read: what fits the bound stays.
      const reads = [...new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)])]
        .map((key) => known.get(key) ?? ({ key, refs: 0, lastRead: 0 } as Known))
        .concat([...known.values()].filter((q) => !q.key))
        .sort((a, b) => b.refs - a.refs || b.lastRead - a.lastRead);
      let n = 0;
      for (const { key, schema, args, refs, lastRead } of reads) {
        if (!refs && now > Math.max(state.meta[key!]?.expiresAt ?? 0, lastRead + graceMS)) {
          doomed.push(key!);
          continue;
        }
        // What it adds, walked from its stored pks (a live query's: those its args find).
        const ids = new Set<string>();
        reach(schema, key ? state.endpoints[key] : queryKey(schema, args, state.entities), state.entities, args, ids, kept);
        if (!refs && kept.size + ids.size > maxEntities) doomed.push(key!);
        else for (const k of ids) kept.add(k);
        if (++n % this.chunkSize === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      // What stays of the entities nothing reaches: those still in their grace, while they fit
      // (those of the state the sweep started from, entities stored since are left for the next
      // one; by their meta as it is now: one stored again while the sweep yielded is fresh).
      const entities: (readonly [string, string])[] = [];
      let staying = kept.size;
      for (const entityKey in state.entities) {
        for (const pk in state.entities[entityKey]) {
          if (kept.has(entityKey + '\u0000' + pk)) continue;
          const m = ownValue(controller.getState().entitiesMeta[entityKey], pk);
          if (staying >= maxEntities || !m || now > m.expiresAt + graceMS) entities.push([entityKey, pk]);
          else staying++;
        }
      }
      // A result read again meanwhile is spared.
      const endpoints = doomed.filter((k) => !known.get(k)?.refs);
      if (endpoints.length || entities.length) await controller.dispatch({ type: GC, endpoints, entities });
      // Forget results nobody reads that are no longer stored (collected, failed before storing, reset;
      // a live query is forgotten when its last reader leaves).
      const after = controller.getState();
      for (const [k, v] of known) if (!v.refs && !(v.key! in after.meta) && !(v.key! in after.endpoints)) known.delete(k);
    } finally {
      this.sweeping = false;
    }
  }
}
