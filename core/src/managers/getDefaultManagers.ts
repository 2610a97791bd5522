import { GCPolicy, type GCOptions } from './GCPolicy';
import type { Manager } from './Manager';
import { NetworkManager } from './NetworkManager';
import { SubscriptionManager } from './SubscriptionManager';

/**
 * The managers every client gets unless told otherwise: network (dedupe, ordering,
 * abort), polling subscriptions, and garbage collection. Logout handling is opt-in.
 *
 * @example
 * const client = createClient({ managers: [new LogoutManager(), ...getDefaultManagers()] });
 */
export function getDefaultManagers({ gc }: { gc?: GCOptions } = {}): Manager[] {
  return [new NetworkManager(), new SubscriptionManager(), new GCPolicy(gc)];
}
