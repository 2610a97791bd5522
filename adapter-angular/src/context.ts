import { adapterError, Controller, isDevelopment, providedClient, type Client, type DehydratedState, type GCOptions } from '@resto/core';
import { DestroyRef, inject, InjectionToken, makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';

/**
 * Where {@link provideResto} puts the client; `inject(RESTO_CLIENT)` reads it.
 *
 * @example
 * const client = inject(RESTO_CLIENT);
 * const obs = client.observe(TodoResource.get, { id: 1 });
 */
export const RESTO_CLIENT = new InjectionToken<Client>('resto client');

/**
 * Options of {@link provideResto}.
 *
 * @example
 * const options: RestoOptions = { gc: { graceMS: 30_000 } };
 * bootstrapApplication(App, { providers: [provideResto(options)] });
 */
export interface RestoOptions {
  /** The store to provide. Without it one is created with the default managers (network, GC). */
  readonly client?: Client;
  /** GC tuning for the client created when none is given. */
  readonly gc?: GCOptions;
  /**
   * Server rendering: the client is made in server mode (reads fetch once, no timers)
   * and the render waits for the reads. `provideRestoServer()` from
   * `@resto/angular/server` sets it and writes the store into the page.
   */
  readonly ssr?: boolean;
  /**
   * A snapshot from a server's `dehydrate(client)` (`parseState(text)` of what
   * `serializeState` wrote into the page): its data is fresh until its own expiry, so
   * the first render needs no request. Not with `client`: give it to that client.
   */
  readonly initialState?: DehydratedState;
}

/**
 * The providers that give an application (or any environment injector) one client,
 * and its `Controller` as an injectable. A client it created itself is destroyed
 * (timers, fetches) with the injector; a client you passed is left to you.
 *
 * @example
 * bootstrapApplication(App, { providers: [provideZonelessChangeDetection(), provideResto()] });
 * // in a component or service:
 * const ctrl = inject(Controller);
 */
export function provideResto({ client, gc, ssr = false, initialState }: RestoOptions = {}): EnvironmentProviders {
  const make = providedClient('provideResto()', { client, gc, ssr, initialState });
  return makeEnvironmentProviders([
    {
      provide: RESTO_CLIENT,
      useFactory: () => {
        const made = make();
        if (!client) inject(DestroyRef).onDestroy(() => made.destroy());
        return made;
      },
    },
    // Controller is a class, so it is its own token: `inject(Controller)`.
    { provide: Controller, useFactory: () => inject(RESTO_CLIENT).controller },
  ]);
}

/**
 * The id of the `<script type="application/json">` that `provideRestoServer()` writes
 * the store into (`serializeState(dehydrate(client))`).
 *
 * @example
 * const text = document.getElementById(RESTO_STATE_ID)?.textContent;
 * bootstrapApplication(App, { providers: [provideResto({ initialState: text ? parseState(text) : undefined })] });
 */
export const RESTO_STATE_ID = 'resto-state';

/**
 * The provided client, or null outside an injection context (Angular's own error
 * there names no Resto function, so callers say which one was misplaced). @internal
 */
export function injectClient(where: string): Client {
  let client: Client | null;
  try {
    client = inject(RESTO_CLIENT, { optional: true });
  } catch {
    throw adapterError(
      `${where}()`,
      'called outside an injection context',
      isDevelopment && 'call it in a field initializer or constructor of a component, directive or service, or inside runInInjectionContext(injector, () => ...)',
      31,
    );
  }
  if (!client) {
    throw adapterError('useClient()', 'no client in context', isDevelopment && 'add provideResto() to the providers of bootstrapApplication() (or of TestBed.configureTestingModule())', 30);
  }
  return client;
}

/**
 * The client the reads bind to: the one {@link provideResto} provided. Call it in
 * an injection context; throws when no client is provided.
 *
 * @example
 * const client = useClient();
 * const obs = client.observe(TodoResource.get, { id: 1 });
 */
export function useClient(): Client {
  return injectClient('useClient');
}

/**
 * The store's Controller, for mutations and imperative reads (the same object as
 * `inject(Controller)`). Its methods are bound, so they may be destructured.
 *
 * @example
 * const ctrl = useController();
 * const toggle = (todo: Todo) => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
 */
export function useController(): Controller {
  return injectClient('useController').controller;
}

/**
 * Registers `fn` to run when the current injection context ends (component or
 * injector destroyed); reports whether there is one. @internal
 */
export function onDestroy(fn: () => void): boolean {
  let ref: DestroyRef | null;
  try {
    ref = inject(DestroyRef, { optional: true });
  } catch {
    return false;
  }
  ref?.onDestroy(fn);
  return ref !== null;
}
