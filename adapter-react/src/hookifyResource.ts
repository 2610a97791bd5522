import { hookifyResource as hookifyCore, type HookifiedResource, type HookInit } from '@resto/core';

/** Init values remembered per hookified resource (tokens rotate; old ones are dropped). */
const REMEMBERED = 32;

/**
 * Turns a resource into hooks (spec 4.5): `useGet`, `useGetList` (with `.push`,
 * `.unshift`, `.getPage`), `useUpdate`, `usePartialUpdate`, `useDelete`, and
 * `use<Name>` for members added with `extend`. Each calls `useInit()` during render
 * and returns the member endpoint with those request options (e.g. an access token
 * from context). Endpoints are cached by the init's value, so `useInit` may build a
 * new object on every render and the endpoint stays the same object, across
 * components and across suspended renders, until a value changes.
 *
 * @example
 * const TodoHooks = hookifyResource(TodoResource, function useInit() {
 *   return { headers: { 'Access-Token': useContext(AuthContext) } };
 * });
 * function TodoDetail({ id }: { id: number }) {
 *   const todo = useSuspense(TodoHooks.useGet(), { id });
 *   return <h3>{todo.title}</h3>;
 * }
 */
export function hookifyResource<R extends object, I extends HookInit>(resource: R, useInit: () => I): HookifiedResource<R> {
  const cache = new Map<string, Map<string, unknown>>();
  const endpointFor = (init: I, name: string) => {
    const key = initKey(init);
    let members = cache.get(key);
    if (members) cache.delete(key);
    else members = new Map();
    cache.set(key, members); // most recent last
    if (cache.size > REMEMBERED) cache.delete(cache.keys().next().value!);
    if (!members.has(name)) {
      // Core applies the init to one member; it runs once per init value and member.
      members.set(name, (hookifyCore(resource, () => init) as Record<string, () => unknown>)[name]!());
    }
    return members.get(name);
  };
  const names = Object.keys(hookifyCore(resource, () => ({})));
  const hooks: Record<string, () => unknown> = {};
  for (const name of names) {
    hooks[name] = function useMember() {
      return endpointFor(useInit(), name);
    };
  }
  return hooks as HookifiedResource<R>;
}

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A string equal for equal inits: headers by value, objects (signal, body) by identity. */
function initKey(init: HookInit): string {
  const headers = [...new Headers(init.headers)];
  const rest = Object.keys(init)
    .filter((k) => k !== 'headers')
    .sort()
    .map((k) => [k, valueKey((init as Record<string, unknown>)[k])]);
  return JSON.stringify([headers, rest]);
}

function valueKey(value: unknown): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value;
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++nextId));
  return `#${id}`;
}
