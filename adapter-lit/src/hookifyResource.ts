import { hookifyResource as hookifyCore } from '@resto/core';

/**
 * Turns a `resource()` into factories (`useGet`, `useGetList`, `useUpdate`,
 * `usePartialUpdate`, `useDelete`) returning its endpoints extended with the
 * request options `useInit()` returns. Core does the work, caching the endpoints by
 * the init's value so equal options give the same endpoint object everywhere. In
 * Lit there is no hook scope: call the member where the endpoint is needed (a
 * controller's constructor, an event handler), and `useInit` runs then.
 *
 * @example
 * const TodoHooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': session.token } }));
 * class TodoDetail extends LitElement {
 *   private todo = new SuspenseController(this, TodoHooks.useGet(), () => ({ id: this.todoId }));
 *   private store = new ClientController(this);
 *   rename(title: string) {
 *     return this.store.controller.fetch(TodoHooks.usePartialUpdate(), { id: this.todoId }, { title });
 *   }
 * }
 */
export const hookifyResource: typeof hookifyCore = (resource, useInit) => hookifyCore(resource, useInit);
