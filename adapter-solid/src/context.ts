import { adapterError, isDevelopment, providedClient, type Client, type Controller, type DehydratedState, type GCOptions } from '@resto/core';
import { createComponent, createContext, onCleanup, untrack, useContext, type JSX } from 'solid-js';
import { isServer } from 'solid-js/web';

/**
 * The context the provider fills; `useContext(RestoContext)` reads it (undefined outside a provider).
 *
 * @example
 * const client = useContext(RestoContext); // Client | undefined, where useClient() would throw
 */
export const RestoContext = createContext<Client>();

/**
 * Props of {@link RestoProvider}.
 *
 * @example
 * const props: RestoProviderProps = { gc: { graceMS: 30_000 } };
 * <RestoProvider {...props}><App /></RestoProvider>;
 */
export interface RestoProviderProps {
  /** The store to provide. Without it one is created with the default managers (network, GC) and destroyed with the provider. */
  readonly client?: Client;
  /** GC tuning for the client created when none is given. */
  readonly gc?: GCOptions;
  /** A snapshot from the server's `dehydrate(client)`, for the client created when none is given: its data needs no request. */
  readonly initialState?: DehydratedState;
  readonly children?: JSX.Element;
}

/**
 * Gives every component below it one client. Props are read once: a provider's
 * client is the app's store for its whole life. A client it created itself is
 * destroyed (timers, fetches) when the provider is disposed; a client you passed is left to you.
 *
 * @example
 * render(() => (
 *   <RestoProvider>
 *     <Suspense fallback={<p>Loading…</p>}>
 *       <TodoList />
 *     </Suspense>
 *   </RestoProvider>
 * ), document.getElementById('app')!);
 */
export function RestoProvider(props: RestoProviderProps): JSX.Element {
  const given = untrack(() => props.client);
  const client = untrack(() => providedClient('<RestoProvider>', { client: given, gc: props.gc, ssr: isServer, initialState: props.initialState })());
  if (!given) onCleanup(() => client.destroy());
  return createComponent(RestoContext.Provider, {
    value: client,
    get children() {
      return props.children;
    },
  });
}

/**
 * The client of the nearest {@link RestoProvider}. Call it in a component (or under
 * an owner that has the provider above it). Throws when there is none.
 *
 * @example
 * const client = useClient();
 * const obs = client.observe(TodoResource.get, { id: 1 });
 */
export function useClient(): Client {
  const client = useContext(RestoContext);
  if (!client) throw adapterError('useClient()', 'no client in context', isDevelopment && 'wrap the app in <RestoProvider>, or give a client: <RestoProvider client={client}>', 30);
  return client;
}

/**
 * The store's Controller, for mutations and imperative reads. Its methods are bound, so they may be destructured.
 *
 * @example
 * const ctrl = useController();
 * const toggle = (todo: Todo) => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
 */
export function useController(): Controller {
  return useClient().controller;
}
