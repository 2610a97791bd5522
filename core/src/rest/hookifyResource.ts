/* eslint-disable @typescript-eslint/no-explicit-any */
import { decorateGetList, RESOURCE, type ResourceInternals } from './resource';

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

function headersToObject(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) {
    return Object.fromEntries(headers instanceof Headers ? headers.entries() : headers);
  }
  return { ...headers };
}

/**
 * Framework-free core of spec 4.5: adapters call the returned functions from
 * their hook/composable so `getInit` can read component state.
 * `useGetList().push`, `.unshift` and `.getPage` carry the same options.
 *
 * @example
 * const useTodo = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': token.value } }));
 * const getTodo = useTodo.useGet();          // GET {path} with the token
 * const create = useTodo.useGetList().push;  // POST {listPath} with the token
 */
export function hookifyResource<R extends object>(resource: R, getInit: () => HookInit): HookifiedResource<R> {
  const internals = (resource as Record<PropertyKey, unknown>)[RESOURCE] as ResourceInternals | undefined;
  const hooks: Record<string, () => unknown> = {};
  for (const [name, member] of Object.entries(resource as Record<string, any>)) {
    if (typeof member !== 'function' || typeof member.extend !== 'function') continue;
    hooks[`use${name[0]!.toUpperCase()}${name.slice(1)}`] = () => {
      const init = getInit() ?? {};
      const base: RequestInit = member.requestInit ?? {};
      const requestInit: RequestInit = {
        ...base,
        ...init,
        headers: { ...headersToObject(base.headers), ...headersToObject(init.headers) },
      };
      const endpoint = member.extend({ requestInit });
      // getList's move (item path) and optimistic members must follow the copy.
      return name === 'getList' && internals ? decorateGetList(endpoint, internals.options) : endpoint;
    };
  }
  return hooks as HookifiedResource<R>;
}
