// The GC reduction: removing the results and entities the collector chose. Choosing them
// is managers/GCPolicy.ts's.
import { flatTable } from '../normalize';
import type { GCAction } from './actions';
import type { ChangeSet } from './ChangeSet';
import type { State } from './State';

type Tables = Record<string, Record<string, unknown> | undefined>;

/** Deletes `id` from `tables[name]`, copied flat the first time (while it is still `before`'s). */
function drop(tables: Tables, before: Tables, name: string, id: string) {
  let table = tables[name];
  if (!table) return;
  if (table === before[name]) tables[name] = table = flatTable(table);
  delete table[id];
}

/**
 * GC: removes results and entities the garbage collector chose, recording each in `changes`.
 *
 * @example
 * collect(state, { type: GC, endpoints: ['GET /todos'], entities: [['Todo', '5']] });
 */
export function collect(state: State, { endpoints, entities }: GCAction, changes?: ChangeSet): State {
  // The containers of the entity tables are new only when an entity goes (their identity says so).
  const next = entities.length ? { ...state, entities: { ...state.entities }, entitiesMeta: { ...state.entitiesMeta } } : { ...state };
  for (const key of endpoints) {
    drop(next as never, state as never, 'endpoints', key);
    drop(next as never, state as never, 'meta', key);
    changes?.key(key);
  }
  for (const [key, pk] of entities) {
    drop(next.entities as Tables, state.entities as Tables, key, pk);
    drop(next.entitiesMeta as Tables, state.entitiesMeta as Tables, key, pk);
    changes?.entity(key, pk);
  }
  return next;
}
