import { PollingModes, type EndpointLike } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { Suspending } from './SuspenseController';

/**
 * `useLive`: a {@link SuspenseController} that also polls at the endpoint's
 * `pollFrequency` while the host is connected.
 *
 * @example
 * class Price extends LitElement {
 *   private price = new LiveController(this, TickerResource.get, { symbol: 'BTC' });
 *   render() {
 *     return this.price.render({ pending: () => '…', complete: (t) => html`<span>${t.price}</span>` });
 *   }
 * }
 */
export class LiveController<E extends EndpointLike> extends Suspending<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useLive', PollingModes.live, endpoint, args);
  }
}
