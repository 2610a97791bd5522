// The opt-in garbage collector for large stores: GCPolicy's sweep with a bound on stored
// entities (least recently read results go first) and read in slices, the host running
// between them; every kept result keeps what it reaches (reach.ts). Only an app that
// imports it pays for any of it.
import type { Controller, Dispatch } from '../controller';
import { GC, SET_RESPONSE, type ActionTypes } from '../state';
import type { Middleware } from './Manager';
import { GCPolicy, type GCOptions } from './GCPolicy';
import { reach } from './reach';
import { expired, readsOf, unreached } from './sweep';

/** Options of {@link BoundedGCPolicy}. */
export interface BoundedGCOptions extends GCOptions {
  /** Bound on stored entities; least recently read results are evicted first (default: none). */
  readonly maxEntities?: number;
  /** Results read per slice of a sweep; the host runs (renders, input) between slices (default 500). */
  readonly chunkSize?: number;
}

/**
 * {@link GCPolicy} for large stores: every kept result, read or not, keeps the entities it
 * reaches (walked from its stored pks); with `maxEntities`, unread results go from the least
 * recently read until what the rest reach fits (entities nothing reaches go at once while
 * over the bound); a sweep reads the store in slices of `chunkSize` results, never in one
 * long blocking pass.
 *
 * @example
 * const client = createClient({
 *   managers: [new NetworkManager(), new BoundedGCPolicy({ maxEntities: 5000 })],
 * });
 */
export class BoundedGCPolicy extends GCPolicy {
  declare readonly maxEntities: number;
  declare readonly chunkSize: number;

  constructor({ maxEntities = Infinity, chunkSize = 500, ...options }: BoundedGCOptions = {}) {
    super(options);
    Object.assign(this, { maxEntities, chunkSize });
  }

  // A stored answer counts as just read, and its endpoint tells the sweep what it reaches
  // (the bound weighs unread results by what they keep; a plain GCPolicy needs neither).
  override middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    return (next: Dispatch) => (action: ActionTypes) => {
      if (action.type === SET_RESPONSE && !action.error) this.entry(action.key, action.endpoint.schema, action.args).lastRead = Date.now();
      return next(action);
    };
  };

  /** Marks a result as just read: the least recently read go first. */
  override touch(key: string): void {
    const known = this.known.get(key);
    if (known) known.lastRead = Date.now();
  }

  /** A sweep is running (declared: unset until the first one). */
  declare private sweeping: boolean;

  /**
   * One sweep, in slices; resolves when it is done. A sweep already running is not
   * started twice. The read ones first, then from the most recently read: what fits the
   * bound stays.
   */
  override async sweep(): Promise<void> {
    const { controller, known, maxEntities, graceMS } = this;
    if (!controller || this.sweeping) return;
    this.sweeping = true;
    try {
      const state = controller.getState();
      const now = Date.now();
      const kept = new Set<string>();
      const doomed: string[] = [];
      let n = 0;
      for (const read of readsOf(state, known).sort((a, b) => b.refs - a.refs || b.lastRead - a.lastRead)) {
        if (expired(read, state, known, now, graceMS)) {
          doomed.push(read.key!);
          continue;
        }
        // What it adds to what is kept already.
        const ids = new Set<string>();
        reach(read, state, ids, kept);
        if (!read.refs && kept.size + ids.size > maxEntities) doomed.push(read.key!);
        else for (const k of ids) kept.add(k);
        if (++n % this.chunkSize === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      // Fresh entities nothing reaches stay while they fit; past the bound they go at once.
      // Those the sweep started from, by their meta as it is now: one stored again while
      // the sweep yielded is fresh; entities stored since are left for the next sweep.
      let staying = kept.size;
      const stays = () => staying < maxEntities && !!++staying;
      const entities = unreached(state.entities, controller.getState().entitiesMeta, kept, now, graceMS, stays);
      // A result read again meanwhile is spared.
      const endpoints = doomed.filter((k) => !known.get(k)?.refs);
      if (endpoints.length || entities.length) await controller.dispatch({ type: GC, endpoints, entities });
    } finally {
      this.sweeping = false;
    }
  }
}
