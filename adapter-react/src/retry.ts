/**
 * Errors thrown by suspending hooks remember how to refetch the read that failed,
 * so `AsyncBoundary` can offer a retry that really asks the server again.
 */
const retries = new WeakMap<object, () => Promise<unknown>>();

/** Records how to retry the read that produced `error`, and returns the error. @internal */
export function withRetry<T>(error: T, retry: () => Promise<unknown>): T {
  if (typeof error === 'object' && error !== null) retries.set(error, retry);
  return error;
}

/**
 * Refetches the read that threw `error` (resolves when it settled); resolves at once
 * for errors that did not come from a Resto hook.
 *
 * @example
 * await retryError(error);
 * resetBoundary();
 */
export function retryError(error: unknown): Promise<unknown> {
  const retry = typeof error === 'object' && error !== null ? retries.get(error) : undefined;
  return retry ? retry().catch(() => undefined) : Promise.resolve();
}
