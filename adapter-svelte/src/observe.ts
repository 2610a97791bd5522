import { readKey, type EndpointLike, type EndpointObserver, type ObserveOptions } from '@resto/core';
import { bind, type Source, type StoreSubscribe } from './bind.svelte.js';
import { getClient } from './context.js';

/**
 * What every read returns: a `current` getter that is reactive under runes, and
 * `subscribe` (the store contract) so `$read` works in templates and scripts.
 */
export interface Read<T> {
  /** The value now. Read inside an effect or template, it updates when the value changes. */
  readonly current: T;
  /** Svelte store contract: `$read` gives `current`. */
  subscribe: StoreSubscribe<T>;
}

/** Binds an endpoint read (`client.observeWith`) to Svelte for the client in context. */
export function bindEndpoint<E extends EndpointLike>(options: ObserveOptions, endpoint: E, input: readonly unknown[], hook: string) {
  const client = getClient();
  return bind(
    (args) => client.observeWith(options, endpoint, args),
    (args) => readKey(endpoint, args),
    input,
    hook,
  ) as ReturnType<typeof bind<EndpointObserver<E>>>;
}

/** A `Read` whose value is `select(source)`. */
export function readOf<O extends Source<any>, T>(binding: ReturnType<typeof bind<O>>, select: (source: O) => T): Read<T> {
  return {
    get current() {
      return select(binding.read());
    },
    subscribe: binding.store(select),
  };
}
