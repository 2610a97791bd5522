// hookifyResource: a resource's endpoints with request options from getInit() (a token),
// cached by value so each endpoint keeps its identity. Framework-free; adapters wrap it.
import { headersToObject } from './RestEndpoint';

/** Request options a hook's `getInit()` may return (headers are merged). */
export type HookInit = RequestInit;

/**
 * The hook form of a resource: each endpoint member `name` becomes
 * `useName()`, a function returning that endpoint with the request options
 * from `getInit()` applied.
 */
export type HookifiedResource<R> = {
  [K in keyof R & string as R[K] extends { fetch: any; extend: any } ? `use${Capitalize<K>}` : never]: () => R[K];
};

/** Init values remembered per hookified resource (tokens rotate; old ones are dropped). */
const REMEMBERED = 32;

/**
 * Framework-free core of hookifyResource: adapters call the returned functions from
 * their hook/composable so `getInit` can read component state.
 * `useGetList().push`, `.unshift` and `.getPage` carry the same options.
 *
 * Endpoints are cached by the init's value (headers by value, other objects such as
 * a `signal` by identity; the 32 most recent values are kept), so `getInit` may build
 * a new object on every call and the endpoint stays the same object, across
 * components, renders and adapters, until a value changes. That keeps reads keyed
 * by endpoint (React's `useMemo`, a Vue or Svelte observer) from starting over.
 *
 * @example
 * const useTodo = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': token.value } }));
 * const getTodo = useTodo.useGet();          // GET {path} with the token
 * const create = useTodo.useGetList().push;  // POST {listPath} with the token
 * useTodo.useGet() === getTodo;              // true while the token is the same
 */
export function hookifyResource<R extends object>(resource: R, getInit: () => HookInit): HookifiedResource<R> {
  // init key -> member name -> endpoint; a Map keeps insertion order, most recent last.
  const cache = new Map<string, Map<string, unknown>>();
  const endpointFor = (name: string, member: any, init: HookInit) => {
    const key = initKey(init);
    let members = cache.get(key);
    if (members) cache.delete(key);
    else members = new Map();
    cache.set(key, members);
    if (cache.size > REMEMBERED) cache.delete(cache.keys().next().value!);
    let endpoint = members.get(name);
    if (endpoint === undefined) {
      const base: RequestInit = member.requestInit ?? {};
      const requestInit: RequestInit = {
        ...base,
        ...init,
        headers: { ...headersToObject(base.headers), ...headersToObject(init.headers) },
      };
      // (getList's copy carries move's item path and the optimistic adds)
      endpoint = member.extend({ requestInit });
      members.set(name, endpoint);
    }
    return endpoint;
  };
  const hooks: Record<string, () => unknown> = {};
  for (const [name, member] of Object.entries(resource as Record<string, any>)) {
    if (typeof member !== 'function' || typeof member.extend !== 'function') continue;
    hooks[`use${name[0]!.toUpperCase()}${name.slice(1)}`] = () => endpointFor(name, member, getInit() ?? {});
  }
  return hooks as HookifiedResource<R>;
}

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A string equal for equal inits: headers by value, objects (signal, body) by identity. */
function initKey(init: HookInit): string {
  const headers = Object.entries(headersToObject(init.headers)).map(([k, v]) => [k.toLowerCase(), String(v)]).sort();
  const rest = Object.keys(init)
    .filter((k) => k !== 'headers')
    .sort()
    .map((k) => [k, valueKey((init as Record<string, unknown>)[k])]);
  return JSON.stringify([headers, rest]);
}

function valueKey(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value;
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++nextId));
  return `#${id}`;
}
