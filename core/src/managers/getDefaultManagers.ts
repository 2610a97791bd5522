// Which managers a client gets when given none: network and GC (only the network in
// server mode). Polling is not among them: it comes with the polling hooks' modes.
import { GCPolicy, type GCOptions } from './GCPolicy';
import type { Manager } from './Manager';
import { NetworkManager } from './NetworkManager';

/**
 * The managers every client gets unless told otherwise: network (dedupe, ordering,
 * abort) and garbage collection. Polling arrives with `useSubscription`/`useLive`
 * (see `PollingModes`), or with a `SubscriptionManager` listed here for
 * `controller.subscribe`. Logout handling is opt-in. With `ssr` (a server render)
 * only the network: nothing that runs on a timer.
 *
 * @example
 * const client = createClient({ managers: [new LogoutManager(), ...getDefaultManagers()] });
 */
export function getDefaultManagers({ gc, ssr = false }: { gc?: GCOptions; ssr?: boolean } = {}): Manager[] {
  if (ssr) return [new NetworkManager()];
  return [new NetworkManager(), new GCPolicy(gc)];
}
