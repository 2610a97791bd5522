// Opt-in offline handling: while the client's `online` signal is false, reads wait for the
// network and mutations are refused (OfflineError) or queued in order. The network manager
// and its loop of tries call it through `controller.environment.offline`.
import type { Controller, Dispatch } from '../controller';
import { environmentSignal, freshnessOption, waitUntil, type ClientEnvironment, type OfflineHold } from '../environment';
import type { Manager, Middleware } from './Manager';
import { OfflineError } from './OfflineError';

/**
 * The hold for one client (its queue of mutations made offline, or behind those): what
 * an OfflineManager or a WindowEventsManager installs.
 *
 * @example
 * controller.environment.offline ??= offlineHold(controller.environment);
 */
export function offlineHold(env: ClientEnvironment): OfflineHold {
  /** Mutations queued and not ended yet. */
  let queued = 0;
  let tail: Promise<void> | undefined;
  const online = environmentSignal(env, 'online');
  const offline = () => !online.value;
  const mayQueue = (endpoint: Parameters<OfflineHold['holds']>[0]) => freshnessOption(env, endpoint, 'queueOfflineMutations');
  return {
    wait: (stopped) => waitUntil(online, stopped),
    // A read waits; so does a mutation that may queue. Any other mutation fails now: it
    // may have reached the server, so it is never sent twice unasked.
    holds: (endpoint) => offline() && (!endpoint.sideEffect || !!mayQueue(endpoint)),
    refuse: (endpoint) => (offline() && !mayQueue(endpoint) ? new OfflineError(endpoint.name) : undefined),
    send(send) {
      // Mutations keep their order: behind queued ones, they queue too.
      if (!offline() && !queued) return send();
      const before = tail;
      const done = before ? before.then(send) : send();
      queued++;
      const dequeue = () => void queued--;
      tail = done.then(dequeue, dequeue);
      return done;
    },
  };
}

/**
 * Makes the client act on its `online` signal: while it is false nothing is sent, reads
 * wait for the network (a failure while offline is not counted as a try), and mutations
 * reject with an {@link OfflineError}, or with `queueOfflineMutations` (on the client or
 * the endpoint) wait and are sent in order once it is back. A {@link WindowEventsManager}
 * includes it and ties `online` to the browser; add this one alone when the app feeds the
 * signal itself (React Native's NetInfo, `client.online.set(false)`). Without either, the
 * client sends every request as it comes, and apps carry none of this code.
 *
 * @example
 * const client = createClient({ online: netInfoSignal, managers: [...getDefaultManagers(), new OfflineManager()] });
 */
export class OfflineManager implements Manager {
  middleware: Middleware = (controller: Controller) => {
    controller.environment.offline ??= offlineHold(controller.environment);
    return (next: Dispatch) => next;
  };

  cleanup(): void {}
}
