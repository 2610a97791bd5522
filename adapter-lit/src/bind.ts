import { readKey, resolveArgs, type ArgsInput, type Client, type EndpointArgs, type EndpointLike } from '@resto/core';
import { ClientController, type Host } from './context';

/**
 * A controller's arguments after the endpoint: each a value or a getter
 * (`() => ({ id: this.todoId })`), re-read before every update of the host, so a
 * changed property re-keys the read. `null`, or a getter returning `null`, skips
 * the read. The same rule as every adapter's hooks.
 *
 * @example
 * new DLEController(this, TodoResource.get, () => (this.todoId ? { id: this.todoId } : null));
 */
export type Args<E> = ArgsInput<EndpointArgs<E>>;

/** What a controller binds: core's store contract (observers, loading and mutation stores). */
export interface Source<S = unknown> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/**
 * The one piece every read controller shares: on each update of the host, resolve
 * the args, open a source for their key (a new one only when the key changed),
 * subscribe while the host is connected, and ask the host to update when the
 * source changes. Subscribing waits for the host's update after connecting, so
 * args set between connecting and rendering start no request for a key in between.
 * Not in the public entry: the public controllers extend it.
 */
export abstract class Binding<O extends Source> extends ClientController {
  private current: { client: Client; key: string | undefined; source: O } | undefined;
  private stop: (() => void) | undefined;
  private connected = false;

  constructor(
    host: Host,
    protected readonly hook: string,
    private readonly input: readonly unknown[],
  ) {
    super(host);
  }

  /** What the source is compared by: a new source opens only when it differs. */
  protected abstract keyOf(args: readonly unknown[] | null): string | undefined;
  /** Opens the source for resolved args. */
  protected abstract open(client: Client, args: readonly unknown[] | null): O;

  /** The source for the args as of the last update (opened now if there was none). */
  protected get source(): O {
    return this.current?.source ?? this.sync();
  }

  private sync(): O {
    const client = this.client;
    const args = resolveArgs(this.hook, this.input);
    const key = this.keyOf(args);
    let current = this.current;
    if (!current || current.client !== client || current.key !== key) {
      // Release the old key first: its fetch may be aborted and its data becomes collectable.
      this.release();
      current = this.current = { client, key, source: this.open(client, args) };
    }
    if (this.connected && !this.stop) {
      const source = current.source;
      this.stop = source.subscribe(() => {
        if (this.current?.source === source) this.host.requestUpdate();
      });
    }
    return current.source;
  }

  private release() {
    this.stop?.();
    this.stop = undefined;
  }

  override hostConnected(): void {
    this.connected = true;
    // A reconnected host has no update pending: ask for one, which subscribes.
    this.host.requestUpdate();
  }

  hostUpdate(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.release();
  }
}

/** A {@link Binding} of an endpoint read: `client.observeWith(options, endpoint, args)` by store key. Not in the public entry. */
export abstract class EndpointBinding<O extends Source> extends Binding<O> {
  constructor(
    host: Host,
    hook: string,
    protected readonly endpoint: EndpointLike,
    input: readonly unknown[],
  ) {
    super(host, hook, input);
  }

  protected keyOf(args: readonly unknown[] | null): string | undefined {
    return readKey(this.endpoint, args);
  }
}
