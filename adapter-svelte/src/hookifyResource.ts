import { hookifyResource as hookifyCore, type HookifiedResource, type HookInit } from '@resto/core';

/**
 * The hook form of a resource: each endpoint member `name` becomes
 * `useName()`, to call in a component's `<script>`, returning the endpoint with
 * the request options from `useInit()` applied. `useInit` runs inside that call,
 * during component init, so it can use `getContext` or read a store. The options
 * are taken once per component instance: wrap it in `{#key token}` to renew them.
 * Core does the work, caching the endpoints by the init's value, so components with
 * equal options share one endpoint object; this names the Svelte contract.
 *
 * @example
 * // api.ts
 * export const TodoHooks = hookifyResource(TodoResource, () => ({
 *   headers: { 'Access-Token': getContext<string>('token') },
 * }));
 * // TodoDetail.svelte
 * const get = TodoHooks.useGet();
 * const todo = useSuspense(get, () => ({ id }));
 * const create = TodoHooks.useGetList().push;
 */
export function hookifyResource<R extends object>(resource: R, useInit: () => HookInit): HookifiedResource<R> {
  return hookifyCore(resource, useInit);
}
