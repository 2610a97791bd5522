import { act as rtlAct } from '@testing-library/react';
import { flushNotifications } from '@resto/core/mock';

/**
 * testing-library's `act`, that also delivers the store's batched notifications
 * before it returns: what a synchronous callback changed (an optimistic update
 * made by `controller.fetch`) is rendered when `act` returns, as with data-client.
 *
 * @example
 * act(() => {
 *   promise = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { done: true });
 * });
 * expect(result.current.done).toBe(true); // the optimistic update shows
 */
export const act: typeof rtlAct = ((callback: () => unknown) =>
  rtlAct(() => {
    const result = callback();
    if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
      return Promise.resolve(result).then((value) => {
        flushNotifications();
        return value;
      });
    }
    flushNotifications();
    return result;
  })) as typeof rtlAct;
