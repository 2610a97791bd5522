import { PollingModes, type EndpointLike } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/**
 * `useSubscription`: keeps an endpoint polled at its `pollFrequency` while the
 * host is connected; shows nothing (read the data with another controller).
 * `null` args (or a getter returning `null`) stop the polling.
 *
 * @example
 * class Ticker extends LitElement {
 *   private poll = new SubscriptionController(this, TickerResource.get, () => (this.visible ? { symbol: 'BTC' } : null));
 *   private ticker = new CacheController(this, TickerResource.get, { symbol: 'BTC' });
 * }
 */
export class SubscriptionController<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useSubscription', PollingModes.subscription, endpoint, args);
  }
}
