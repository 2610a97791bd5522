import type { Client, EndpointLike, EndpointObserver, ObserveOptions } from '@resto/core';
import { EndpointBinding } from './bind';
import type { Host } from './context';

/**
 * An endpoint read in one of core's modes (`ObserveModes`, `PollingModes`): the
 * base of the read controllers, which only choose the mode and what they show.
 * Not in the public entry: the public controllers extend it.
 */
export abstract class ReadController<E extends EndpointLike> extends EndpointBinding<EndpointObserver<E>> {
  constructor(
    host: Host,
    hook: string,
    private readonly options: ObserveOptions,
    endpoint: E,
    input: readonly unknown[],
  ) {
    super(host, hook, endpoint, input);
  }

  protected open(client: Client, args: readonly unknown[] | null): EndpointObserver<E> {
    return client.observeWith(this.options, this.endpoint as E, args);
  }

  /** Fetches the current key again, whatever is stored (a retry button). */
  refetch(): Promise<void> {
    return this.source.refetch();
  }
}
