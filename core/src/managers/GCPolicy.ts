// Garbage collection: which results are read (retain counts, last read) and the sliced
// sweeps that remove what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { ownValue } from '../schema/ownEntry';
import { GC, RESET, SET_RESPONSE, type ActionTypes, type EndpointLike } from '../state';
import type { Manager, Middleware } from './Manager';
import { tableKeys, type EntityPath } from '../normalize';

/** Options of {@link GCPolicy}. */
export interface GCOptions {
  /** How often a sweep starts (ms, default 60 s). */
  readonly intervalMS?: number;
  /** How long unread data stays after it expired or was last read (ms, default 60 s). */
  readonly graceMS?: number;
  /** Optional bound on stored entities; least recently read results are evicted first. */
  readonly maxEntities?: number;
  /** Results handled per slice of a sweep; the rest continue in the next macrotask. */
  readonly chunkSize?: number;
}

interface Known {
  /** The key it is stored under (evicting it needs no endpoint.key call). */
  readonly key: string;
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
  refs: number;
  lastRead: number;
}

/**
 * Garbage collection, on in every client by default: endpoint results that no
 * observer reads are removed once they expired and a grace period passed, then
 * entities no remaining result reaches. With `maxEntities`, the least recently read
 * unread results go first until the store fits. Sweeps run in slices, never one long
 * blocking pass.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new SubscriptionManager(), new GCPolicy({ maxEntities: 5000 })],
 * });
 */
export class GCPolicy implements Manager, GCInterface {
  private readonly known = new Map<string, Known>();
  private readonly queries = new Set<{ schema: unknown; args: readonly unknown[] }>();
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
    this.intervalMS = intervalMS;
    this.graceMS = graceMS;
    this.maxEntities = maxEntities;
    this.chunkSize = chunkSize;
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => (action: ActionTypes) => {
      if (action.type === SET_RESPONSE && !action.error) this.remember(action.key, action.endpoint, action.args).lastRead = Date.now();
      else if (action.type === RESET) for (const [k, v] of this.known) if (!v.refs) this.known.delete(k);
      return next(action);
    };
  };

  retain(endpoint: EndpointLike, args: readonly unknown[]): () => void {
    const key = endpoint.key(...args);
    const known = this.remember(key, endpoint, args);
    known.refs++;
    this.startTimer();
    known.lastRead = Date.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      known.refs--;
      known.lastRead = Date.now();
    };
  }

  retainQuery(schema: unknown, args: readonly unknown[]): () => void {
    const query = { schema, args };
    this.queries.add(query);
    this.startTimer();
    return () => {
      this.queries.delete(query);
    };
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

  // Started lazily: a client nobody reads from (a throwaway in a render) owns no timer.
  private startTimer() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.intervalMS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private remember(key: string, endpoint: EndpointLike, args: readonly unknown[]): Known {
    let known = this.known.get(key);
    if (!known) {
      known = { key, endpoint, args, refs: 0, lastRead: 0 };
      this.known.set(key, known);
    }
    return known;
  }

  /**
   * One sweep. Resolves when every slice ran. Safe to call by hand (tests, memory
   * pressure); a sweep already running is not started twice. Four phases, in order
   * below: sort stored results into kept and doomed, find the entities what stays
   * reaches, evict unread results while over `maxEntities`, then remove the doomed
   * results and unreachable entities in slices.
   */
  async sweep(): Promise<void> {
    const controller = this.controller;
    if (!controller || this.sweeping) return;
    this.sweeping = true;
    try {
      const { known, graceMS, maxEntities, chunkSize } = this;
      const now = Date.now();
      const state = controller.getState();

      // 1. Results someone reads or that are still within expiry + grace are kept.
      const doomed: string[] = [];
      const kept: string[] = [];
      const unread: Known[] = [];
      // Forget keys nobody reads that are no longer stored (failed or collected reads).
      for (const [k, v] of known) if (!v.refs && !(k in state.meta) && !(k in state.endpoints)) known.delete(k);
      for (const key of new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)])) {
        const entry = known.get(key);
        const expiresAt = state.meta[key]?.expiresAt ?? 0;
        if (!entry?.refs && now > Math.max(expiresAt, (entry?.lastRead ?? 0) + graceMS)) doomed.push(key);
        else {
          kept.push(key);
          if (entry && !entry.refs) unread.push(entry);
        }
      }

      // 2. Entities reachable from kept results and live queries, counted so a bound can evict by recency.
      // Both by what their (memoized) denormalization read, as the reader index watches
      // them: a query keeps every entity it reads, not only those its data shows (a count).
      const reach = new Map<string, number>();
      const pathsOf = new Map<string, string[]>();
      const reached = (paths: string[]) => {
        for (const p of paths) reach.set(p, (reach.get(p) ?? 0) + 1);
      };
      for (let i = 0; i < kept.length; i++) {
        const key = kept[i]!;
        const entry = known.get(key);
        const stored = state.endpoints[key];
        const schema = entry?.endpoint.schema;
        let paths: string[] = [];
        if (entry && stored !== undefined && schema != null) {
          const result = controller.memo.denormalize(schema, stored, state.entities, entry.args);
          paths = keysOf(result.paths);
        }
        pathsOf.set(key, paths);
        reached(paths);
        if (i % chunkSize === chunkSize - 1) await yieldToHost();
      }
      for (const { schema, args } of this.queries) reached(keysOf(controller.memo.queryResult(schema, args, state)?.paths ?? []));

      // 3. Over `maxEntities`, the least recently read unread results go, and what only they reached.
      if (reach.size > maxEntities) {
        unread.sort((a, b) => a.lastRead - b.lastRead);
        for (const entry of unread) {
          if (reach.size <= maxEntities) break;
          doomed.push(entry.key);
          for (const p of pathsOf.get(entry.key) ?? []) {
            const n = reach.get(p)! - 1;
            if (n === 0) reach.delete(p);
            else reach.set(p, n);
          }
        }
      }

      // 4a. Stored entities nothing kept reaches, once expired + grace (or at once over the bound).
      const latest = controller.getState();
      const entities: (readonly [string, string])[] = [];
      // What stays: the reached entities, then unreached ones still in their grace, while they fit.
      let staying = reach.size;
      for (const entityKey in latest.entities) {
        const table = latest.entities[entityKey]!;
        const metas = latest.entitiesMeta[entityKey];
        for (const pk in table) {
          if (reach.has(entityKey + '\u0000' + pk)) continue;
          const m = ownValue(metas, pk);
          if (staying >= maxEntities || !m || now > m.expiresAt + graceMS) entities.push([entityKey, pk]);
          else staying++;
        }
      }

      // 4b. One GC action per slice; a result read again meanwhile is spared.
      const total = Math.max(doomed.length, entities.length);
      for (let i = 0; i < total; i += chunkSize) {
        const endpoints = doomed.slice(i, i + chunkSize).filter((k) => !known.get(k)?.refs);
        for (const k of endpoints) known.delete(k);
        const batch = entities.slice(i, i + chunkSize);
        if (endpoints.length || batch.length) await controller.dispatch({ type: GC, endpoints, entities: batch });
        if (i + chunkSize < total) await yieldToHost();
      }
    } finally {
      this.sweeping = false;
    }
  }
}

/** The entities a denormalization read, by `key\0pk`. */
const keysOf = (paths: EntityPath[]) => paths.map((p) => p.key + '\u0000' + p.pk);

/** Lets the host run (rendering, input) between slices of a sweep. */
function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
