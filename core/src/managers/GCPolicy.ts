// Garbage collection: which results are read (retain counts, last read) and the sliced
// sweeps that remove what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { ownValue } from '../schema/ownEntry';
import { GC, RESET, SET_RESPONSE, type ActionTypes, type EndpointLike, type State } from '../state';
import type { Manager, Middleware } from './Manager';
import { tableKeys } from '../normalize';

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
  private controller: Controller | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;
  readonly intervalMS: number;
  readonly graceMS: number;
  readonly maxEntities: number;
  readonly chunkSize: number;
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
      else if (action.type === RESET) for (const [k, v] of this.known) if (v.refs === 0) this.known.delete(k);
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
      known = { endpoint, args, refs: 0, lastRead: 0 };
      this.known.set(key, known);
    }
    return known;
  }

  /**
   * One sweep. Resolves when every slice ran. Safe to call by hand (tests, memory
   * pressure); a sweep already running is not started twice. Four phases: sort
   * stored results into kept and doomed, find the entities what stays reaches,
   * evict unread results while over `maxEntities`, then remove the doomed results
   * and unreachable entities in slices.
   */
  async sweep(): Promise<void> {
    const controller = this.controller;
    if (!controller || this.sweeping) return;
    this.sweeping = true;
    try {
      const now = Date.now();
      const state = controller.getState();
      const { kept, unread, doomed } = this.classify(state, now);
      const { reach, pathsOf } = await this.reachable(controller, state, kept);
      doomed.push(...this.evictOverBound(unread, reach, pathsOf));
      const entities = this.unreachableEntities(controller.getState(), reach, now);
      await this.remove(controller, doomed, entities);
    } finally {
      this.sweeping = false;
    }
  }

  /** Phase 1: results someone reads or that are still within expiry + grace are kept. */
  private classify(state: State, now: number) {
    const doomed: string[] = [];
    const kept: string[] = [];
    const unread: Known[] = [];
    // Forget keys nobody reads that are no longer stored (failed or collected reads).
    for (const [k, v] of this.known) if (v.refs === 0 && !(k in state.meta) && !(k in state.endpoints)) this.known.delete(k);
    for (const key of new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)])) {
      const known = this.known.get(key);
      if (known && known.refs > 0) {
        kept.push(key);
        continue;
      }
      const expiresAt = state.meta[key]?.expiresAt ?? 0;
      if (now > Math.max(expiresAt, (known?.lastRead ?? 0) + this.graceMS)) doomed.push(key);
      else {
        kept.push(key);
        if (known) unread.push(known);
      }
    }
    return { kept, unread, doomed };
  }

  /** Phase 2: entities reachable from kept results and live queries, counted so a bound can evict by recency. */
  private async reachable(controller: Controller, state: State, kept: string[]) {
    const reach = new Map<string, number>();
    const pathsOf = new Map<string, string[]>();
    for (let i = 0; i < kept.length; i++) {
      const key = kept[i]!;
      const paths = this.paths(controller, state, key);
      pathsOf.set(key, paths);
      for (const p of paths) reach.set(p, (reach.get(p) ?? 0) + 1);
      if (i % this.chunkSize === this.chunkSize - 1) await yieldToHost();
    }
    for (const { schema, args } of this.queries) {
      for (const p of entityPaths(controller.get(schema, ...args, state))) reach.set(p, (reach.get(p) ?? 0) + 1);
    }
    return { reach, pathsOf };
  }

  /** Phase 3: over `maxEntities`, the least recently read unread results go, and what only they reached. */
  private evictOverBound(unread: Known[], reach: Map<string, number>, pathsOf: Map<string, string[]>): string[] {
    const evicted: string[] = [];
    if (reach.size <= this.maxEntities) return evicted;
    unread.sort((a, b) => a.lastRead - b.lastRead);
    for (const known of unread) {
      if (reach.size <= this.maxEntities) break;
      const key = known.endpoint.key(...known.args);
      evicted.push(key);
      for (const p of pathsOf.get(key) ?? []) {
        const n = reach.get(p)! - 1;
        if (n === 0) reach.delete(p);
        else reach.set(p, n);
      }
    }
    return evicted;
  }

  /** Phase 4a: stored entities nothing kept reaches, once expired + grace (or at once over the bound). */
  private unreachableEntities(latest: State, reach: Map<string, number>, now: number) {
    const entities: (readonly [string, string])[] = [];
    // What stays: the reached entities, then unreached ones still in their grace, while they fit.
    let kept = reach.size;
    for (const entityKey in latest.entities) {
      const table = latest.entities[entityKey]!;
      const metas = latest.entitiesMeta[entityKey];
      for (const pk in table) {
        if (reach.has(entityKey + '\u0000' + pk)) continue;
        const m = ownValue(metas, pk);
        if (kept >= this.maxEntities || !m || now > m.expiresAt + this.graceMS) entities.push([entityKey, pk]);
        else kept++;
      }
    }
    return entities;
  }

  /** Phase 4b: one GC action per slice; a result read again meanwhile is spared. */
  private async remove(controller: Controller, doomed: string[], entities: (readonly [string, string])[]) {
    const total = Math.max(doomed.length, entities.length);
    for (let i = 0; i < total; i += this.chunkSize) {
      const endpoints = doomed.slice(i, i + this.chunkSize).filter((k) => (this.known.get(k)?.refs ?? 0) === 0);
      for (const k of endpoints) this.known.delete(k);
      const batch = entities.slice(i, i + this.chunkSize);
      if (endpoints.length || batch.length) await controller.dispatch({ type: GC, endpoints, entities: batch });
      if (i + this.chunkSize < total) await yieldToHost();
    }
  }

  private paths(controller: Controller, state: State, key: string): string[] {
    const known = this.known.get(key);
    const stored = state.endpoints[key];
    const schema = known?.endpoint.schema;
    if (!known || stored === undefined || schema === undefined || schema === null) return [];
    const { paths } = controller.memo.denormalize(schema, stored, state.entities, known.args);
    return (paths as { key: string; pk: string }[]).map((p) => p.key + '\u0000' + p.pk);
  }
}

/** Entities (by `key\0pk`) inside denormalized data: what a derived read shows. */
function entityPaths(data: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const ctor = (value as { constructor?: { key?: unknown } }).constructor;
    const pk = (value as { pk?: () => unknown }).pk;
    if (ctor && typeof ctor.key === 'string' && typeof pk === 'function') out.push(ctor.key + '\u0000' + String(pk.call(value)));
    for (const k in value) walk((value as Record<string, unknown>)[k]);
  };
  walk(data);
  return out;
}

/** Lets the host run (rendering, input) between slices of a sweep. */
function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
