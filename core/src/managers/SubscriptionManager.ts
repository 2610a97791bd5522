// Polling: one timer per subscribed key at the smallest pollFrequency asked for, paused
// while the page is hidden, skipped in follower tabs. Each poll is a controller.fetch.
// Not a default manager: it arrives with `polling` (the polling hooks' modes) or when an
// app lists it, so an app that never polls ships none of it.
import type { Controller, Dispatch } from '../controller';
import { SUBSCRIBE, UNSUBSCRIBE, type ActionTypes, type EndpointLike, type SubscribeAction } from '../state';
import type { Manager, Middleware } from './Manager';
import { MAX_DELAY } from './retry';

interface Poll {
  readonly key: string;
  /** The endpoint that polls: a subscribed one asking for the smallest frequency. */
  endpoint: EndpointLike;
  readonly args: readonly unknown[];
  /** The endpoint of every current subscriber (endpoints sharing a key may differ: `time.extend({ pollFrequency })`). */
  readonly subscribers: EndpointLike[];
  frequency: number;
  timer?: ReturnType<typeof setInterval> | undefined;
  /** A poll of this key is still out. */
  busy?: boolean;
}

/** The SubscriptionManager that polls for each controller: the client's own, else one `of` attached. */
const engines = new WeakMap<Controller, SubscriptionManager>();

/**
 * Polls subscribed endpoints: one timer per key at the smallest `pollFrequency`
 * any current subscriber asked for, started with the first subscriber and stopped
 * with the last. Pauses while the page is hidden (the client's `focus` signal, so a
 * React Native override applies too) and refetches once on return.
 *
 * The polling hooks (`useSubscription`, `useLive`, {@link PollingModes}) bring one
 * with them; list it in `managers` for `controller.subscribe` and `{ poll: true }`.
 *
 * @example
 * const client = createClient({ managers: [...getDefaultManagers(), new SubscriptionManager()] });
 * const ServerTime = new RestEndpoint({ path: '/time', pollFrequency: 5000 });
 * client.observeWith({ poll: true }, ServerTime, []).subscribe(render);
 */
export class SubscriptionManager implements Manager {
  private readonly polls = new Map<string, Poll>();
  // Set later, off any hot path: declared, so no class-field definitions ship.
  declare private controller: Controller | undefined;
  /** Attached by `of()`, not among the client's managers: the actions do not reach it. */
  declare private own: boolean;
  /** The page is hidden: polls pause (declared: read from the focus signal when the first poll starts). */
  declare private hidden: boolean;
  /** Listens to the client's focus signal while something is polled. */
  declare private stopFocus: (() => void) | undefined;
  private readonly onFocus = (visible: boolean) => {
    const hidden = !visible;
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    for (const poll of this.polls.values()) {
      if (hidden) stopTimer(poll);
      else {
        this.poll(poll);
        this.startTimer(poll);
      }
    }
  };

  /**
   * What polls for `controller`: the client's SubscriptionManager, else one attached
   * to it now (for the polling hooks; tests read its `active`).
   *
   * @example
   * SubscriptionManager.of(client.controller).active; // Map { 'GET /time' => 1000 }
   */
  static of(controller: Controller): SubscriptionManager {
    let engine = engines.get(controller);
    if (!engine) {
      engine = new SubscriptionManager();
      engine.middleware(controller);
      engine.own = true;
    }
    return engine;
  }

  middleware: Middleware = (controller: Controller) => {
    this.controller = controller;
    engines.set(controller, this);
    return (next: Dispatch) => (action: ActionTypes) => {
      if (action.type !== SUBSCRIBE && action.type !== UNSUBSCRIBE) return next(action);
      this.handle(action);
      return Promise.resolve();
    };
  };

  /** Starts or ends one subscription. */
  private handle(action: SubscribeAction) {
    const { key, endpoint } = action;
    const frequency = endpoint.pollFrequency;
    let poll = this.polls.get(key);
    if (action.type === SUBSCRIBE) {
      // Infinity (or past setInterval's range) means never, not every millisecond.
      if (frequency! > 0 && frequency! <= MAX_DELAY) {
        if (!this.stopFocus) {
          // No focus signal (no WindowEventsManager, no `focus` option): never hidden.
          const { focus } = this.controller!.environment;
          this.hidden = focus?.value === false;
          this.stopFocus = focus?.subscribe(this.onFocus);
        }
        if (!poll) {
          poll = { key, endpoint, args: action.args, subscribers: [], frequency: frequency! };
          this.polls.set(key, poll);
        }
        poll.subscribers.push(endpoint);
        this.retime(poll);
      }
    } else if (poll && frequency) {
      const { subscribers } = poll;
      // The same endpoint object it subscribed with, else one asking for the same frequency.
      let i = subscribers.indexOf(endpoint);
      if (i < 0) i = subscribers.findIndex((s) => s.pollFrequency === frequency);
      if (i >= 0) {
        subscribers.splice(i, 1);
        if (subscribers.length) this.retime(poll);
        else {
          stopTimer(poll);
          this.polls.delete(key);
          if (this.polls.size === 0) {
            this.stopFocus?.();
            this.stopFocus = undefined;
          }
        }
      }
    }
  }

  /** Sends one subscription action: the client's manager hears it, one attached by `of()` is told too. @internal */
  send(action: SubscribeAction): void {
    void this.controller!.dispatch(action);
    if (this.own) this.handle(action);
  }

  /** Keys being polled, with their current frequency (for tests and devtools). */
  get active(): ReadonlyMap<string, number> {
    return new Map([...this.polls].map(([k, p]) => [k, p.frequency]));
  }

  cleanup(): void {
    for (const poll of this.polls.values()) stopTimer(poll);
    this.polls.clear();
    this.stopFocus?.();
    this.stopFocus = undefined;
  }

  private retime(poll: Poll) {
    // Polls with an endpoint still subscribed (not one whose reader left), at the smallest frequency.
    poll.endpoint = poll.subscribers.reduce((a, b) => (b.pollFrequency! < a.pollFrequency! ? b : a));
    const min = poll.endpoint.pollFrequency!;
    if (min === poll.frequency && poll.timer) return;
    poll.frequency = min;
    stopTimer(poll);
    this.startTimer(poll);
  }

  private startTimer(poll: Poll) {
    if (this.hidden || poll.timer) return;
    poll.timer = setInterval(() => this.poll(poll), poll.frequency);
  }

  private poll(poll: Poll) {
    const controller = this.controller;
    // Offline, or the last poll still out: a tick would only add one more waiter to the held request.
    if (!controller || poll.busy || controller.environment.online?.value === false) return;
    // With tab sync (`@resto/core/sync`), a follower tab skips a tick while the stored
    // answer is younger than 1.5 intervals: the leader polled it and the sync delivered
    // it. If those answers stop (the leader does not poll this key, is hidden or gone),
    // the follower polls again on its own.
    const tabs = controller.environment.tabs;
    const meta = tabs && !tabs.leader ? controller.getState().meta[poll.key] : undefined;
    if (meta !== undefined && !meta.invalidated && !meta.error && Date.now() - meta.date < poll.frequency * 1.5) return;
    poll.busy = true;
    const done = () => void (poll.busy = false);
    // Errors are stored on the key by the network layer (and follow errorPolicy); nothing to do here.
    controller.fetch(poll.endpoint, ...poll.args).then(done, done);
  }
}

function stopTimer(poll: Poll) {
  clearInterval(poll.timer);
  poll.timer = undefined;
}

/**
 * How the polling hooks poll (the `poll` of {@link PollingModes}): subscribes `endpoint`
 * to the controller's SubscriptionManager (see `SubscriptionManager.of`) and returns
 * the unsubscribe. Importing it is what brings polling into an app.
 *
 * @example
 * const stop = polling(client.controller, ServerTime, []);
 * stop();
 */
export function polling(controller: Controller, endpoint: EndpointLike, args: readonly unknown[]): () => void {
  const engine = SubscriptionManager.of(controller);
  const key = endpoint.key(...args);
  engine.send({ type: SUBSCRIBE, key, endpoint, args });
  return () => engine.send({ type: UNSUBSCRIBE, key, endpoint, args });
}
