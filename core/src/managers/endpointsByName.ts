// The registry of mutations by stable name, so a saved call finds its endpoint again
// after a reload (persist/OfflineQueueManager.ts uses it).
import type { EndpointLike } from '../state';

const COLLECTION_MEMBERS = ['push', 'unshift', 'assign', 'remove', 'move'];

const isEndpoint = (value: unknown): value is EndpointLike =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) && typeof (value as { key?: unknown }).key === 'function';

/**
 * The mutations among `items` by their stable name, so that one can be found again
 * where the endpoint object is not at hand (after a reload, in another tab):
 * resources (every member, and a list's collection members such as `getList.push`,
 * named `Todo.getList.push`) and endpoints (by their `name`). Two different
 * endpoints of one name are an error naming `owner`.
 *
 * @example
 * endpointsByName([TodoResource], 'OfflineQueueManager').get('Todo.partialUpdate');
 */
export function endpointsByName(items: readonly object[], owner: string): Map<string, EndpointLike> {
  const registry = new Map<string, EndpointLike>();
  const add = (endpoint: EndpointLike) => {
    const name = endpoint.name;
    if (!endpoint.sideEffect || !name) return;
    const known = registry.get(name);
    if (known && known !== endpoint) throw new TypeError(`${owner}: two endpoints are named '${name}'; give one another name`);
    registry.set(name, endpoint);
  };
  const withMembers = (endpoint: EndpointLike) => {
    add(endpoint);
    if (endpoint.sideEffect) return;
    // Getters that build each derived mutation once (and a derived one has them too:
    // only one level down is asked for).
    for (const member of COLLECTION_MEMBERS) {
      if (!(member in endpoint)) continue;
      try {
        const value = (endpoint as unknown as Record<string, unknown>)[member];
        if (isEndpoint(value)) add(value);
      } catch {
        // A list without a Collection has none.
      }
    }
  };
  for (const item of items) {
    if (isEndpoint(item)) withMembers(item);
    else for (const key of Object.keys(item)) {
      const value = (item as Record<string, unknown>)[key];
      if (isEndpoint(value)) withMembers(value);
    }
  }
  return registry;
}
