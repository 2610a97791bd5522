import type { LiveStatus, LiveStatusSource } from '@resto/core/live';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * `useLiveStatus`: the state of a live connection (`@resto/core/live`'s LiveManager)
 * as `value`: `status` (connecting, open, reconnecting with `attempt` and `nextTryAt`,
 * closed with `reason`), `lastError`, `lastEventAt`. The host updates when it changes,
 * while connected. Needs no client. Not `LiveController`, which polls.
 *
 * @example
 * class Connection extends LitElement {
 *   private live = new LiveStatusController(this, liveManager);
 *   render() {
 *     const { status, attempt } = this.live.value;
 *     return status === 'reconnecting' ? html`Reconnecting (try ${attempt})…` : status;
 *   }
 * }
 */
export class LiveStatusController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private readonly source: LiveStatusSource;
  private stop: (() => void) | undefined;
  /** The state when the host disconnected, to tell on reconnect whether it missed a change. */
  private left: LiveStatus | undefined;

  constructor(host: ReactiveControllerHost, source: LiveStatusSource) {
    this.host = host;
    this.source = source;
    host.addController(this);
  }

  /** The connection's state now (core's snapshot: a new object on every change). */
  get value(): LiveStatus {
    return this.source.getSnapshot();
  }

  hostConnected(): void {
    this.stop ??= this.source.subscribe(() => this.host.requestUpdate());
    // No listener ran while disconnected: render once if the state moved on meanwhile.
    if (this.left !== undefined && this.left !== this.source.getSnapshot()) this.host.requestUpdate();
    this.left = undefined;
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = undefined;
    this.left = this.source.getSnapshot();
  }
}
