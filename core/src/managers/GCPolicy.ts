// Garbage collection: which results are read (retain counts, last read) and the sweep
// that removes what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { ownValue } from '../schema/ownEntry';
import { GC, SET_RESPONSE, type ActionTypes, type EndpointLike, type State } from '../state';
import type { Manager, Middleware } from './Manager';
import { queryKey, tableKeys } from '../normalize';
import { reach } from './reach';

/** Options of {@link GCPolicy}. */
export interface GCOptions {
  /** How often a sweep starts (ms, default 60 s). */
  readonly intervalMS?: number;
  /** How long unread data stays after it expired or was last read (ms, default 60 s). */
  readonly graceMS?: number;
}

/** A read the sweep knows: a stored result (by its key) or a live query (its own object). @internal */
export interface Known {
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
 * entities no remaining result reaches. A bound on stored entities and a sweep in
 * slices come with {@link BoundedGCPolicy}.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new GCPolicy({ graceMS: 120_000 })],
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
  /** This policy is the client's {@link GCInterface} (see `Manager.gc`). */
  readonly gc: GCInterface = this;

  constructor({ intervalMS = 60_000, graceMS = 60_000 }: GCOptions = {}) {
    Object.assign(this, { intervalMS, graceMS });
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
   * expiry and grace go; the others keep the entities they reach (their stored pks walked
   * through their schema, never denormalized). Then every entity nothing reaches goes
   * once past its own expiry and grace, all in one GC action.
   */
  async sweep(): Promise<void> {
    const { controller, known } = this;
    if (!controller || this.sweeping) return;
    this.sweeping = true;
    try {
      const state = controller.getState();
      // Every stored result (one nobody ever read counts as read at 0) and every live query.
      const reads = [...new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)])]
        .map((key) => known.get(key) ?? ({ key, refs: 0, lastRead: 0 } as Known))
        .concat([...known.values()].filter((q) => !q.key));
      const [doomed, entities] = await this.choose(state, reads, Date.now());
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

  /** The results that go, and the entities: what the kept results reach stays. @internal */
  protected choose(state: State, reads: Known[], now: number): Chosen | Promise<Chosen> {
    const kept = new Set<string>();
    const doomed: string[] = [];
    for (const read of reads) {
      if (this.expired(read, state, now)) doomed.push(read.key!);
      else this.reach(read, state, kept, kept);
    }
    return [doomed, this.unreached(state, kept, now)];
  }

  /** Nobody reads it, and it is past its expiry and the grace after its last read. @internal */
  protected expired({ key, refs, lastRead }: Known, state: State, now: number): boolean {
    return !refs && now > Math.max(state.meta[key!]?.expiresAt ?? 0, lastRead + this.graceMS);
  }

  /** Adds to `into` what `read` reaches beyond `seen`: walked from its stored pks (a live query's: those its args find). @internal */
  protected reach({ key, schema, args }: Known, state: State, into: Set<string>, seen: Set<string>): void {
    reach(schema, key ? state.endpoints[key] : queryKey(schema, args, state.entities), state.entities, args, into, seen);
  }

  /**
   * The entities nothing kept reaches that go: past their own expiry and grace, or over
   * `max` (those the sweep started from; entities stored since are left for the next one;
   * by their meta as it is now: one stored again while a sweep yielded is fresh). @internal
   */
  protected unreached(state: State, kept: Set<string>, now: number, max = Infinity): Chosen[1] {
    const entities: (readonly [string, string])[] = [];
    let staying = kept.size;
    for (const entityKey in state.entities) {
      for (const pk in state.entities[entityKey]) {
        if (kept.has(entityKey + '\u0000' + pk)) continue;
        const m = ownValue(this.controller!.getState().entitiesMeta[entityKey], pk);
        if (staying >= max || !m || now > m.expiresAt + this.graceMS) entities.push([entityKey, pk]);
        else staying++;
      }
    }
    return entities;
  }
}

/** What a sweep removes: result keys, and entities as [entity key, pk]. @internal */
export type Chosen = [endpoints: string[], entities: (readonly [string, string])[]];
