// A subscribable derived read that never fetches (Entity by pk, All, Query, Collection
// by args): its snapshot, its reader registration and its GC retain. Reads that fetch
// are EndpointObserver's; the lookup itself is the Controller's and the MemoCache's.
import type { ReadDeps } from '../controller';
import { getTracked } from '../controller/byKey';
import { retainQuery } from '../managers/retainQuery';
import type { State } from '../state';
import type { StoreLike } from './EndpointObserver';
import { StoreRead } from './StoreRead';

/**
 * A derived read from the store with no fetch: an Entity by pk, `All`, a `Query`,
 * a Collection by args (what `useQuery` binds; `null` args switch it off). Built from a
 * client (`new QueryObserver(client, schema, args)`), not by it, so an app that never
 * derives a read ships none of it. `{ subscribe, getSnapshot }` like EndpointObserver; the
 * snapshot is the data itself and keeps identity until what it reads changed.
 * While subscribed, a change wakes it only when it touches what the query read
 * (the entities it shows, the entities or tables it looked up).
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * const obs = new QueryObserver<number>(client, remaining, []);
 * obs.subscribe(() => console.log(obs.getSnapshot()));
 */
export class QueryObserver<T = unknown> extends StoreRead {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare private readonly schema: unknown;
  declare private readonly args: readonly unknown[] | null;
  private state: State | undefined;
  private value: T | undefined;
  private last: T | undefined;

  constructor(store: StoreLike, schema: unknown, args: readonly unknown[] | null) {
    super(store);
    this.schema = schema;
    this.args = args === null || args[0] === null ? null : args;
  }

  getSnapshot = (): T | undefined => {
    const state = this.store.getSnapshot();
    const changed = this.tracked ? this.dirty : state !== this.state;
    if (changed || this.state === undefined) {
      this.state = state;
      this.dirty = false;
      this.value = this.compute(state);
    }
    return this.value;
  };

  private compute(state: State): T | undefined {
    const readers = this.tracked ? this.store.readers : undefined;
    // Filled by the read, then registered as it is with the reader index.
    const track: (ReadDeps & { key: undefined }) | undefined = readers && { key: undefined, deps: [], entities: [], tables: [] };
    const value = this.args === null ? undefined : getTracked(this.store.controller, this.schema, this.args, state, track);
    if (track) readers!.track(this, track);
    return value;
  }

  protected override onFirst() {
    // Woken by the reader index from now on (registered by the recompute below).
    this.tracked = true;
    this.state = undefined;
    this.last = this.getSnapshot(); // tracked: registers what it reads
    const release = this.args === null ? undefined : retainQuery(this.store.controller.gc, this.schema, this.args);
    if (release) this.stops.push(release);
  }

  /** Recompute; notify when the value changed since the last notification. */
  override refresh() {
    const next = this.getSnapshot();
    if (next === this.last) return;
    this.last = next;
    this.notify();
  }
}
