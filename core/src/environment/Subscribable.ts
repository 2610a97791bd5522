/**
 * The one listener set behind every `subscribe` in core (signals, observers, the
 * loading store): listeners in order of subscription, a hook when the first arrives
 * and when the last leaves (where a subclass attaches and releases what it reads),
 * and an unsubscribe that is safe to call twice. `subscribe` is bound, so it can be
 * handed around (React's `useSyncExternalStore(obs.subscribe, ...)`).
 *
 * @example
 * class Clock extends Subscribable {
 *   private timer?: ReturnType<typeof setInterval>;
 *   protected override onFirst() { this.timer = setInterval(() => this.notify(), 1000); }
 *   protected override onLast() { clearInterval(this.timer); }
 * }
 * const stop = new Clock().subscribe(() => console.log('tick'));
 */
export class Subscribable<L extends (...args: any[]) => void = () => void> {
  protected readonly listeners = new Set<L>();

  /** Calls `listener` on every notification until the returned function is called. */
  subscribe = (given: L): (() => void) => {
    // Each subscription's own listener: the same function twice (two readers of one shared read)
    // is two subscriptions, and an old unsubscribe, called again, finds its own gone (not a newer one).
    const listener = ((...args: Parameters<L>) => given(...args)) as L;
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.onFirst();
    return () => {
      if (this.listeners.delete(listener) && !this.listeners.size) this.onLast();
    };
  };

  /** Number of listeners (for tests and leak checks). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * Calls every listener; one that unsubscribes (or subscribes) meanwhile does not
   * disturb the round, and one that throws does not keep the others from hearing it.
   */
  protected notify(...args: Parameters<L>): void {
    for (const l of [...this.listeners]) {
      try {
        l(...args);
      } catch (error) {
        report(error);
      }
    }
  }

  /** The first listener arrived. */
  protected onFirst(): void {}

  /** The last listener left. */
  protected onLast(): void {}
}

/**
 * Reports an error thrown by a listener or a batched task without stopping the loop
 * that called it: as an uncaught error (the console, a test runner, an error
 * tracker's global handler), but asynchronously, so the other listeners still run.
 *
 * @example
 * for (const task of tasks) {
 *   try { task(); } catch (error) { report(error); }
 * }
 */
export function report(error: unknown): void {
  const { reportError } = globalThis as { reportError?: (error: unknown) => void };
  if (typeof reportError === 'function') reportError(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}
