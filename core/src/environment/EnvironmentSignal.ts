// One yes/no fact about the environment (online, page visible) with listeners, its event
// source attached only while someone listens. The browser's sources are onlineSignal.ts
// and focusSignal.ts.
import type { ClientEnvironment } from './ClientEnvironment';
import { Subscribable } from './Subscribable';
/**
 * Hands an event source the setter; returns what detaches it.
 *
 * @example
 * const fromAppState: SignalSetup = (set) => AppState.addEventListener('change', (s) => set(s === 'active')).remove;
 */
export type SignalSetup = (set: (value: boolean) => void) => (() => void) | void;

/**
 * One yes/no fact about the environment a client runs in (online? page visible?),
 * with listeners. The event source is attached on the first `subscribe` and detached
 * on the last, so Node, server rendering and tests attach nothing until something
 * listens. `set` overrides the value (tests, a manual switch); `setEventListener`
 * replaces the event source (React Native's NetInfo or AppState).
 *
 * @example
 * const online = new EnvironmentSignal(true);
 * const stop = online.subscribe((isOnline) => banner.hidden = isOnline);
 * online.set(false); // banner shows
 * stop();
 */
export class EnvironmentSignal extends Subscribable<(value: boolean) => void> {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare private current: boolean;
  /** Reads the live value while nothing listens (the browser's navigator.onLine). */
  declare private read: (() => boolean) | undefined;
  declare private setup: SignalSetup | undefined;
  /** Detaches the event source (declared: set on attach, no class-field definition ships). */
  declare private detach: (() => void) | undefined;
  /** `set()` was called: the value is the caller's, not the environment's, until an event says otherwise (declared: unset until then). */
  declare private overridden: boolean;
  private readonly update = (value: boolean) => {
    if (value === this.current) return;
    this.current = value;
    this.notify(value);
  };

  /**
   * @param initial the value, or a function reading it (called while nothing listens, and on attach)
   * @param setup attaches the event source that reports changes
   */
  constructor(initial: boolean | (() => boolean), setup?: SignalSetup) {
    super();
    this.read = typeof initial === 'function' ? initial : undefined;
    this.current = typeof initial === 'function' ? initial() : initial;
    this.setup = setup;
  }

  /** The current value. */
  get value(): boolean {
    // Attached (someone listens): the source's events keep it current.
    if (!this.listeners.size && !this.overridden && this.read) this.current = this.read();
    return this.current;
  }

  /**
   * Overrides the value and tells the listeners if it changed (tests, a manual
   * "work offline" switch). The event source, if any, still reports later changes.
   *
   * @example
   * client.online.set(false); // reads wait, mutations reject (or queue)
   */
  set(value: boolean): void {
    this.overridden = true;
    this.update(value);
  }

  /**
   * Replaces the event source (detaching the old one). Without `read` the new source
   * alone decides, starting from the current value; with it, `read` gives the value
   * while nothing listens and when the source attaches.
   *
   * @example
   * // React Native
   * client.online.setEventListener((set) => NetInfo.addEventListener((s) => set(!!s.isConnected)));
   * client.focus.setEventListener((set) => AppState.addEventListener('change', (s) => set(s === 'active')).remove);
   */
  setEventListener(setup: SignalSetup, read?: () => boolean): void {
    this.current = this.value;
    this.read = read;
    this.onLast(); // detaches the old source
    this.setup = setup;
    if (this.listeners.size) this.onFirst();
  }

  // `subscribe(listener)` (from Subscribable) calls `listener` with the new value after
  // every change; the event source is attached while anyone listens.
  protected override onFirst() {
    if (!this.overridden && this.read) this.current = this.read();
    this.detach = this.setup?.(this.update) ?? undefined;
  }

  protected override onLast() {
    this.detach?.();
    this.detach = undefined;
  }
}

/**
 * The signals {@link environmentSignal} installed because the app passed none: the only
 * ones a WindowEventsManager ties to the browser (a signal the app passed keeps its own source).
 */
export const defaultSignals: WeakSet<EnvironmentSignal> = new WeakSet();

/**
 * The environment's `online` or `focus` signal, installed (true until told otherwise) by
 * the first manager that needs one when the app passed none: a client has the signals
 * only with such a manager (or the `online`/`focus` options), so apps without them carry
 * none of this code.
 *
 * @example
 * const online = environmentSignal(controller.environment, 'online');
 * online.subscribe((isOnline) => isOnline && resume());
 */
export function environmentSignal(env: ClientEnvironment, name: 'online' | 'focus'): EnvironmentSignal {
  let signal = env[name];
  if (!signal) defaultSignals.add((signal = env[name] = new EnvironmentSignal(true)));
  return signal;
}
