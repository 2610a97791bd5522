// The GC reduction: removing the results and entities the collector chose. Choosing them
// is managers/GCPolicy.ts's.
import { flatTable } from '../normalize';
import type { ChangeSet } from './ChangeSet';
import type { State } from './State';

/**
 * GC: removes results and entities the garbage collector chose, recording each in `changes`.
 *
 * @example
 * collect(state, ['GET /todos'], [['Todo', '5']]);
 */
export function collect(
  state: State,
  endpointKeys: readonly string[],
  entityRefs: readonly (readonly [string, string])[],
  changes?: ChangeSet,
): State {
  const endpoints = flatTable(state.endpoints) as Record<string, unknown>;
  const meta = flatTable(state.meta) as Record<string, unknown>;
  for (const key of endpointKeys) {
    delete endpoints[key];
    delete meta[key];
    changes?.key(key);
  }
  // Copied only when an entity goes: a collection of results alone keeps the entity tables as they are.
  const some = entityRefs.length > 0;
  const entities = (some ? { ...state.entities } : state.entities) as Record<string, Record<string, unknown>>;
  const entitiesMeta = (some ? { ...state.entitiesMeta } : state.entitiesMeta) as Record<string, Record<string, unknown>>;
  for (const [entityKey, pk] of entityRefs) {
    // Each table is copied once, the first time one of its entities goes (one gone meanwhile: nothing to do).
    if (entities[entityKey] === state.entities[entityKey]) {
      if (!entities[entityKey]) continue;
      entities[entityKey] = flatTable(entities[entityKey]);
      entitiesMeta[entityKey] = flatTable(entitiesMeta[entityKey] ?? {});
    }
    changes?.entity(entityKey, pk);
    delete entities[entityKey][pk];
    delete entitiesMeta[entityKey][pk];
  }
  return { ...state, endpoints, meta: meta as State['meta'], entities, entitiesMeta: entitiesMeta as State['entitiesMeta'] };
}
