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
  let entities = state.entities as Record<string, Record<string, unknown> | undefined>;
  let entitiesMeta = state.entitiesMeta as Record<string, Record<string, unknown> | undefined>;
  if (entityRefs.length) {
    entities = { ...entities };
    entitiesMeta = { ...entitiesMeta };
    for (const [entityKey, pk] of entityRefs) {
      if (!entities[entityKey]) continue;
      changes?.entity(entityKey, pk);
      // Each table is copied once, the first time one of its entities goes.
      if (entities[entityKey] === state.entities[entityKey]) {
        entities[entityKey] = flatTable(entities[entityKey]!);
        if (entitiesMeta[entityKey]) entitiesMeta[entityKey] = flatTable(entitiesMeta[entityKey]!);
      }
      delete entities[entityKey]![pk];
      if (entitiesMeta[entityKey]) delete entitiesMeta[entityKey]![pk];
    }
  }
  return { ...state, endpoints, meta: meta as State['meta'], entities, entitiesMeta: entitiesMeta as State['entitiesMeta'] };
}
