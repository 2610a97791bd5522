// Which managers a client gets when given none: network, polling and GC (only the
// network in server mode).
import { GCPolicy, type GCOptions } from './GCPolicy';
import type { Manager } from './Manager';
import { NetworkManager } from './NetworkManager';
import { SubscriptionManager } from './SubscriptionManager';

/**
 * The managers every client gets unless told otherwise: network (dedupe, ordering,
 * abort), polling subscriptions, and garbage collection. Logout handling is opt-in.
 * With `ssr` (a server render) only the network: nothing that runs on a timer.
 *
 * @example
 * const client = createClient({ managers: [new LogoutManager(), ...getDefaultManagers()] });
 */
export function getDefaultManagers({ gc, ssr = false }: { gc?: GCOptions; ssr?: boolean } = {}): Manager[] {
  if (ssr) return [new NetworkManager()];
  return [new NetworkManager(), new SubscriptionManager(), new GCPolicy(gc)];
}
