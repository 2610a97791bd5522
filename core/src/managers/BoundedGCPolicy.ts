// The opt-in garbage collector for large stores: GCPolicy's sweep with a bound on stored
// entities (least recently read results go first) and read in slices, the host running
// between them. Only an app that imports it pays for either.
import type { State } from '../state';
import { GCPolicy, type GCOptions } from './GCPolicy';
import { expired, reachOf, unreached, type Chosen, type Known } from './sweep';

/** Options of {@link BoundedGCPolicy}. */
export interface BoundedGCOptions extends GCOptions {
  /** Bound on stored entities; least recently read results are evicted first (default: none). */
  readonly maxEntities?: number;
  /** Results read per slice of a sweep; the host runs (renders, input) between slices (default 500). */
  readonly chunkSize?: number;
}

/**
 * {@link GCPolicy} for large stores: with `maxEntities`, unread results go from the least
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

  /** The read ones first, then from the most recently read: what fits the bound stays. @internal */
  protected override async choose(state: State, reads: Known[], now: number): Promise<Chosen> {
    const { maxEntities, graceMS } = this;
    const kept = new Set<string>();
    const doomed: string[] = [];
    let n = 0;
    for (const read of reads.sort((a, b) => b.refs - a.refs || b.lastRead - a.lastRead)) {
      if (expired(read, state, now, graceMS)) {
        doomed.push(read.key!);
        continue;
      }
      // What it adds to what is kept already.
      const ids = new Set<string>();
      reachOf(read, state, ids, kept);
      if (!read.refs && kept.size + ids.size > maxEntities) doomed.push(read.key!);
      else for (const k of ids) kept.add(k);
      if (++n % this.chunkSize === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // Fresh entities nothing reaches stay while they fit; past the bound they go at once.
    let staying = kept.size;
    const stays = () => {
      if (staying >= maxEntities) return false;
      staying++;
      return true;
    };
    return [doomed, unreached(state, this.controller!, kept, now, graceMS, stays)];
  }
}
