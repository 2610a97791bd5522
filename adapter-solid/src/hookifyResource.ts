import { hookifyResource as hookifyCore } from '@resto/core';

/**
 * Turns a `resource()` into primitives (`useGet`, `useGetList`, `useUpdate`,
 * `usePartialUpdate`, `useDelete`) returning its endpoints extended with the request
 * options `useInit()` returns. Core does the work, caching the endpoints by the
 * init's value so equal options give the same endpoint object in every component;
 * `useInit` runs when a member is called, i.e. in a component, so it may `useContext`.
 *
 * @example
 * const TokenContext = createContext('');
 * const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));
 * // in a component:
 * const todo = useSuspense(TodoHooks.useGet(), { id: 1 });
 * const update = TodoHooks.usePartialUpdate();
 * const rename = (title: string) => useController().fetch(update, { id: 1 }, { title });
 */
export const hookifyResource: typeof hookifyCore = (resource, useInit) => hookifyCore(resource, useInit);
