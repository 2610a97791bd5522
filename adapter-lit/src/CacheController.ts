import { ObserveModes, type EndpointLike, type ResolveType } from '@resto/core';
import type { Args } from './bind';
import type { Host } from './context';
import { ReadController } from './ReadController';

/**
 * `useCache`: what the store holds for an endpoint, never fetching. `value` is
 * undefined until someone else fetched it (or after it was invalidated).
 *
 * @example
 * class UserBadge extends LitElement {
 *   private me = new CacheController(this, UserResource.current);
 *   render() {
 *     return html`${this.me.value?.name ?? ''}`; // shown once the profile page loaded it
 *   }
 * }
 */
export class CacheController<E extends EndpointLike> extends ReadController<E> {
  constructor(host: Host, endpoint: E, ...args: Args<E>) {
    super(host, 'useCache', ObserveModes.cache, endpoint, args);
  }

  /** The stored data, or undefined. */
  get value(): ResolveType<E> | undefined {
    return this.source.getSnapshot().data;
  }
}
