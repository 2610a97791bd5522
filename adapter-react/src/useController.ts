import type { Controller } from '@resto/core';
import { useClient } from './context';

/**
 * The store's Controller: mutations (`fetch`), `invalidate`, `expireAll`,
 * `resetEntireStore`, `setResponse`... Stable for the provider's lifetime.
 *
 * @example
 * const ctrl = useController();
 * const toggle = () => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
 */
export function useController(): Controller {
  return useClient().controller;
}
