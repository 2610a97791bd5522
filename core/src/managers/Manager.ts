// The manager contract: a middleware over every action, plus init, cleanup and the
// optional GC offer. Types only.
import type { Controller, Dispatch, GCInterface } from '../controller';
import type { State } from '../state';

/**
 * Sees every action before the reducer: `controller => next => action => Promise`.
 * Call `next(action)` to pass it on; skip it to swallow the action.
 */
export type Middleware = (controller: Controller) => (next: Dispatch) => Dispatch;

/**
 * A long-lived piece of store behaviour (network, polling, logout, GC, websockets...).
 *
 * @example
 * // Pushes server-sent updates into the store.
 * class TickerManager implements Manager {
 *   private source?: EventSource;
 *   middleware: Middleware = (controller) => {
 *     this.source = new EventSource('/ticker');
 *     this.source.onmessage = (e) => controller.setResponse(Ticker.get, JSON.parse(e.data));
 *     return (next) => (action) => next(action);
 *   };
 *   cleanup() { this.source?.close(); }
 * }
 */
export interface Manager {
  middleware: Middleware;
  /** Called once with the initial state when the client starts. */
  init?(state: State): void;
  /** Called when the client is destroyed: stop timers, close sockets. */
  cleanup(): void;
  /**
   * Offered by the manager that collects garbage (GCPolicy): reads retain what they
   * show through it. A client uses the first manager that offers one.
   */
  readonly gc?: GCInterface;
}
