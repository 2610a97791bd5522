import { adapterError, createClient, isDevelopment, type Client, type Controller } from '@resto/core';
import { getContext, hasContext, onDestroy, setContext } from 'svelte';

/** The context key under which the client is stored (for `mount(App, { context })`). */
export const CLIENT_KEY: unique symbol = Symbol('@resto/svelte client');

/**
 * Makes a client available to the calling component and its children. Call it in
 * the root component's `<script>`. Without an argument it creates one with the
 * default managers (network, GC; the polling hooks bring polling) and destroys it with the component.
 *
 * @example
 * <script>
 *   import { setClient } from '@resto/svelte';
 *   setClient();
 * </script>
 */
export function setClient(client?: Client): Client {
  const value = client ?? createClient();
  setContext(CLIENT_KEY, value);
  // Only what we created is ours to stop (timers of GC and polling).
  if (!client) onDestroy(() => value.destroy());
  return value;
}

/**
 * The client given by an ancestor's `setClient`. Call during component init.
 *
 * @example
 * const client = getClient();
 * const obs = client.observe(TodoResource.get, { id: 1 });
 */
export function getClient(): Client {
  if (!hasContext(CLIENT_KEY)) {
    throw adapterError('useClient()', 'no client in context', isDevelopment && 'call setClient() in a root component, or mount with { context: clientContext(client) }', 30);
  }
  return getContext<Client>(CLIENT_KEY);
}

/**
 * The client in context, under the name every adapter uses (`getClient` is the
 * same function). Call during component init.
 *
 * @example
 * const client = useClient();
 * client.getSnapshot().entities;
 */
export function useClient(): Client {
  return getClient();
}

/**
 * The Controller of the client in context: fetch, mutations, invalidation.
 *
 * @example
 * const ctrl = useController();
 * const toggle = (todo) => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
 */
export function useController(): Controller {
  return getClient().controller;
}

/**
 * A context map holding `client`, for `mount(App, { context: clientContext(client) })`
 * or testing-library's `render(App, { context })`, without a root component.
 *
 * @example
 * mount(App, { target: document.body, context: clientContext(createClient()) });
 */
export function clientContext(client: Client): Map<symbol, Client> {
  return new Map([[CLIENT_KEY, client]]);
}
