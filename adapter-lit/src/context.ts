import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import { adapterError, isDevelopment, type Client, type Controller } from '@resto/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** An element a controller can be added to: a LitElement, or any element that runs reactive controllers. */
export type Host = ReactiveControllerHost & HTMLElement;

/**
 * The Lit context the store travels in. `provideClient` provides it; every
 * controller of this package consumes it. `@provide({ context: clientContext })`
 * and `@consume` work with it too.
 *
 * @example
 * import { consume } from '@lit/context';
 * class Header extends LitElement {
 *   @consume({ context: clientContext }) client?: Client;
 * }
 */
export const clientContext = createContext<Client>(Symbol.for('resto.client'));

/**
 * Provides `client` to every element under `host` (its light and shadow DOM):
 * the Lit way, a context provider on the app element. Returns the provider;
 * `provider.setValue(other)` hands a new store to elements connecting afterwards.
 *
 * @example
 * class TodoApp extends LitElement {
 *   constructor() {
 *     super();
 *     provideClient(this, createClient());
 *   }
 *   render() {
 *     return html`<todo-list></todo-list>`;
 *   }
 * }
 */
export function provideClient(host: HTMLElement & Partial<ReactiveControllerHost>, client: Client): ContextProvider<typeof clientContext> {
  return new ContextProvider(host, { context: clientContext, initialValue: client });
}

/** The error every controller gives when no provider answered. @internal */
export const noClient = (): Error =>
  adapterError(
    'useClient()',
    'no client in context',
    isDevelopment && 'call provideClient(this, client) in the constructor of an element above this one (the app element), and connect this element under it',
    30,
  );

/**
 * Access to the provided store, for mutations and imperative reads (what
 * `useController()` and `useClient()` give in the other adapters). The client is
 * asked for when the host connects, so read `controller`/`client` from then on
 * (event handlers, `render`), not in the constructor.
 *
 * @example
 * class TodoItem extends LitElement {
 *   private store = new ClientController(this);
 *   render() {
 *     return html`<input type="checkbox" @change=${() => this.store.controller.fetch(TodoResource.partialUpdate, { id: this.todo.id }, { completed: !this.todo.completed })} />`;
 *   }
 * }
 */
export class ClientController implements ReactiveController {
  private readonly consumer: ContextConsumer<typeof clientContext, Host>;
  protected readonly host: Host;

  constructor(host: Host) {
    this.host = host;
    // Added before this controller, so its request has been answered when ours run.
    this.consumer = new ContextConsumer(host, { context: clientContext });
    host.addController(this);
  }

  /** The provided client; throws (naming the fix) when no provider answered. */
  get client(): Client {
    const client = this.consumer.value;
    if (!client) throw noClient();
    return client;
  }

  /** The client's Controller: `fetch`, `invalidate`, `setResponse`… (methods are bound). */
  get controller(): Controller {
    return this.client.controller;
  }

  hostConnected(): void {}
}
