// Garbage collection: which results are read (retain counts, last read) and the sweep
// that removes what nobody reads. The removal itself is the GC action, which
// state/collect.ts applies.
import type { Controller, Dispatch, GCInterface } from '../controller';
import { ownValue } from '../schema/ownEntry';
import { GC, SET_RESPONSE, type ActionTypes, type EndpointLike } from '../state';
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
  /** Results read per slice of a sweep; the host runs (renders, input) between slices. */
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
 * unread results go first until the store fits. A sweep reads the store in slices,
 * never in one long blocking pass.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new GCPolicy({ maxEntities: 5000 })],
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
    Object.assign(this, { intervalMS, graceMS, maxEntities, chunkSize });
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => (action: ActionTypes) => {
      // A stored answer counts as just read (its grace starts now), and its endpoint tells the sweep what it reaches.
      if (action.type === SET_RESPONSE && !action.error) this.entry(action.key, action.endpoint, action.args).lastRead = Date.now();
      return next(action);
    };
  };

  retain(endpoint: EndpointLike, args: readonly unknown[]): () => void {
    const known = this.entry(endpoint.key(...args), endpoint, args);
    known.refs++;
    known.lastRead = Date.now();
    this.startTimer();
    let released: boolean | undefined;
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
    return () => void this.queries.delete(query);
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

  private entry(key: string, endpoint: EndpointLike, args: readonly unknown[]): Known {
    let known = this.known.get(key);
    if (!known) this.known.set(key, (known = { key, endpoint, args, refs: 0, lastRead: 0 }));
    return known;
  }

  /**
   * One sweep; resolves when it is done. Safe to call by hand (tests, memory pressure);
   * a sweep already running is not started twice. Results nobody reads that are past
   * expiry and grace go. The others keep the entities they reach (by what their
   * memoized denormalization read, as live queries do): read ones first, then unread
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
      const { memo } = controller;
      /** The entities kept results and live queries reach, by `key\0pk`. */
      const reach = new Set<string>();
      const ids = (paths: EntityPath[] = []) => paths.map(({ key, pk }) => key + '\u0000' + pk);
      const doomed: string[] = [];
      const kept: [Known, string[]][] = [];
      // Forget keys nobody reads that are no longer stored (failed, collected or reset reads).
      for (const [k, v] of known) if (!v.refs && !(k in state.meta) && !(k in state.endpoints)) known.delete(k);
      for (const key of new Set([...tableKeys(state.endpoints), ...tableKeys(state.meta)])) {
        const entry = known.get(key);
        if (!entry?.refs && now > Math.max(state.meta[key]?.expiresAt ?? 0, (entry?.lastRead ?? 0) + graceMS)) doomed.push(key);
        else if (entry) {
          const stored = state.endpoints[key];
          const { schema } = entry.endpoint;
          kept.push([entry, ids(stored !== undefined && schema != null ? memo.denormalize(schema, stored, state.entities, entry.args).paths : [])]);
          if (kept.length % this.chunkSize === 0) await yieldToHost();
        }
      }
      for (const { schema, args } of this.queries) for (const k of ids(memo.queryResult(schema, args, state)?.paths)) reach.add(k);
      kept.sort(([a], [b]) => b.refs - a.refs || b.lastRead - a.lastRead);
      for (const [entry, keys] of kept) {
        if (!entry.refs && reach.size + keys.filter((k) => !reach.has(k)).length > maxEntities) doomed.push(entry.key);
        else for (const k of keys) reach.add(k);
      }
      // What stays of the entities nothing reaches: those still in their grace, while they fit.
      const latest = controller.getState();
      const entities: (readonly [string, string])[] = [];
      let staying = reach.size;
      for (const entityKey in latest.entities) {
        for (const pk in latest.entities[entityKey]) {
          if (reach.has(entityKey + '\u0000' + pk)) continue;
          const m = ownValue(latest.entitiesMeta[entityKey], pk);
          if (staying >= maxEntities || !m || now > m.expiresAt + graceMS) entities.push([entityKey, pk]);
          else staying++;
        }
      }
      // A result read again meanwhile is spared.
      const endpoints = doomed.filter((k) => !known.get(k)?.refs);
      for (const k of endpoints) known.delete(k);
      if (endpoints.length || entities.length) await controller.dispatch({ type: GC, endpoints, entities });
    } finally {
      this.sweeping = false;
    }
  }
}

/** Lets the host run (rendering, input) between slices of a sweep. */
function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
