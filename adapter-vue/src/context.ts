import { adapterError, isDevelopment, providedClient, type Client, type Controller, type DehydratedState, type GCOptions } from '@resto/core';
import { hasInjectionContext, inject, ssrContextKey, type App, type InjectionKey, type Plugin } from 'vue';

/** Where the plugin provides its client; `inject(RestoKey)` reads it. */
export const RestoKey: InjectionKey<Client> = Symbol('resto');

/** Options of {@link createResto} and {@link RestoPlugin}. */
export interface RestoOptions {
  /** The store to provide. Without it one is created with the default managers (network, GC). */
  readonly client?: Client;
  /** GC tuning for the client created when none is given. */
  readonly gc?: GCOptions;
  /**
   * Server rendering: the client is made in server mode (reads fetch once, no timers)
   * and composables make the render wait for their data. After `renderToString`, the
   * client is on the SSR context as `ssrContext.resto`: embed
   * `serializeState(dehydrate(ssrContext.resto))`, then `destroy()` it.
   */
  readonly ssr?: boolean;
  /**
   * Hydration in the browser: a snapshot from the server's `dehydrate(client)`
   * (`parseState(text)` of what `serializeState` wrote into the page). Its data is
   * fresh until its own expiry, so the first render needs no request. Not with `client`:
   * give it to that client (`createClient({ initialState })`, or `hydrate(client, snapshot)`).
   */
  readonly initialState?: DehydratedState;
}

/** The plugin returned by {@link createResto}: install it with `app.use()`. */
export interface Resto {
  readonly client: Client;
  install(app: App): void;
}

/**
 * Creates the plugin that gives every component of an app one client.
 * A client it created itself is destroyed (timers, fetches) when the app unmounts;
 * a client you passed is left to you.
 *
 * @example
 * const resto = createResto();
 * createApp(App).use(resto).mount('#app');
 * // later, outside components:
 * await resto.client.controller.fetch(TodoResource.getList);
 */
export function createResto({ client, gc, ssr = false, initialState }: RestoOptions = {}): Resto {
  const owned = client === undefined;
  const store = providedClient('createResto()', { client, gc, ssr, initialState })();
  return {
    client: store,
    install(app: App) {
      app.provide(RestoKey, store);
      if (owned) app.onUnmount(() => store.destroy());
    },
  };
}

/**
 * The same plugin as an object, for `app.use(RestoPlugin, options)`.
 *
 * @example
 * createApp(App).use(RestoPlugin, { client }).mount('#app');
 */
export const RestoPlugin: Plugin<[RestoOptions?]> = {
  install(app: App, options?: RestoOptions) {
    createResto(options).install(app);
  },
};

// Set by withClient() while its callback runs: how code outside components
// (an effectScope in a store module, a test) names its client.
let current: Client | undefined;

/**
 * Runs `fn` with `client` as the client every composable called inside it uses
 * (synchronously). For effect scopes outside components and for tests; inside an
 * app, the plugin's `provide` does this.
 *
 * @example
 * const scope = effectScope();
 * const { data } = scope.run(() => withClient(client, () => useDLE(TodoResource.get, { id: 1 })))!;
 * scope.stop(); // releases the read
 */
export function withClient<T>(client: Client, fn: () => T): T {
  const prev = current;
  current = client;
  try {
    return fn();
  } finally {
    current = prev;
  }
}

/**
 * The client composables bind to: the one given to {@link withClient}, else the
 * one the plugin provided. Throws when neither is there.
 *
 * @example
 * const client = useClient();
 * const obs = client.observe(TodoResource.get, { id: 1 });
 */
export function useClient(): Client {
  if (current) return current;
  const client = hasInjectionContext() ? inject(RestoKey, undefined) : undefined;
  // During a server render the SSR context is how a server entry (or a Nuxt module)
  // finds the store whose state it embeds (a client injected: an injection context).
  const ctx = client ? inject<{ resto?: Client } | null>(ssrContextKey, null) : null;
  if (client && ctx && !ctx.resto) ctx.resto = client;
  if (!client) {
    throw adapterError(
      'useClient()',
      'no client in context',
      isDevelopment && 'install the plugin with app.use(createResto()), or outside components wrap the call in withClient(client, () => ...)',
      30,
    );
  }
  return client;
}

/**
 * The store's Controller, for mutations and imperative reads.
 *
 * @example
 * const ctrl = useController();
 * const toggle = (todo: Todo) => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
 */
export function useController(): Controller {
  return useClient().controller;
}
