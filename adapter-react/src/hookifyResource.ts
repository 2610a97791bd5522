import { hookifyResource as hookifyCore, type HookifiedResource, type HookInit } from '@resto/core';

/**
 * Turns a resource into hooks: `useGet`, `useGetList` (with `.push`,
 * `.unshift`, `.getPage`), `useUpdate`, `usePartialUpdate`, `useDelete`, and
 * `use<Name>` for members added with `extend`. Each calls `useInit()` during render
 * and returns the member endpoint with those request options (e.g. an access token
 * from context). Core caches the endpoints by the init's value, so `useInit` may
 * build a new object on every render and the endpoint stays the same object, across
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
  return hookifyCore(resource, useInit);
}
