import { hookifyResource as hookifyCore } from '@resto/core';

/**
 * Turns a `resource()` into composables (`useGet`, `useGetList`, `useUpdate`,
 * `usePartialUpdate`, `useDelete`) returning its endpoints extended with the request
 * options `useInit()` returns. Core does the work, caching the endpoints by
 * the init's value so equal options give the same endpoint object in every component;
 * in Vue, `useInit` runs when a member composable is called, i.e. in `setup()`, so it
 * may `inject`.
 *
 * @example
 * const TokenKey: InjectionKey<string> = Symbol('token');
 * const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': inject(TokenKey)! } }));
 * // setup():
 * const todo = await useSuspense(TodoHooks.useGet(), { id: 1 });
 * const ctrl = useController();
 * const update = TodoHooks.usePartialUpdate();
 * const rename = (title: string) => ctrl.fetch(update, { id: 1 }, { title });
 */
export const hookifyResource: typeof hookifyCore = (resource, useInit) => hookifyCore(resource, useInit);
