import type { Controller, Dispatch } from '../controller';
import { FETCH, optimisticAction, RELEASE, RESET, type ActionTypes, type FetchAction } from '../state';
import type { Manager, Middleware } from './Manager';

interface InFlight {
  readonly waiters: FetchAction['meta'][];
  readonly owners: Set<object>;
  /** Someone outside any observer awaits it (controller.fetch): never abort. */
  pinned: boolean;
  aborted: boolean;
  readonly abort: AbortController;
}

/** Error a read rejects with when it was aborted or the store was reset. */
function abortError(message: string): Error {
  const e = new Error(message);
  e.name = 'AbortError';
  return e;
}

/**
 * Runs fetches. Identical reads in flight share one request; a read that only
 * observers wanted is aborted when the last of them leaves; responses of fetches
 * started before a reset are dropped.
 *
 * @example
 * const client = createClient({ managers: [new NetworkManager(), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly all = new Set<InFlight>();

  middleware: Middleware = (controller: Controller) => (next: Dispatch) => (action: ActionTypes) => {
    switch (action.type) {
      case FETCH:
        this.handleFetch(controller, action, next);
        return Promise.resolve();
      case RELEASE: {
        const entry = this.inFlight.get(action.key);
        if (entry) {
          entry.owners.delete(action.owner);
          if (entry.owners.size === 0 && !entry.pinned) this.abort(action.key, entry, 'Read aborted: nobody reads it anymore');
        }
        return Promise.resolve();
      }
      case RESET:
        for (const entry of [...this.all]) this.abort(undefined, entry, 'Aborted: the store was reset');
        return next(action);
      default:
        return next(action);
    }
  };

  /** Number of requests in flight (reads and mutations). */
  get pending(): number {
    return this.all.size;
  }

  cleanup(): void {
    for (const entry of [...this.all]) this.abort(undefined, entry, 'Aborted: the client was destroyed');
  }

  private abort(key: string | undefined, entry: InFlight, message: string) {
    entry.aborted = true;
    entry.abort.abort(abortError(message));
    if (key !== undefined && this.inFlight.get(key) === entry) this.inFlight.delete(key);
    else for (const [k, e] of this.inFlight) if (e === entry) this.inFlight.delete(k);
    this.all.delete(entry);
    for (const w of entry.waiters) w.reject(abortError(message));
  }

  private handleFetch(controller: Controller, action: FetchAction, next: Dispatch) {
    const { endpoint, key, args, meta } = action;
    const read = !endpoint.sideEffect;
    if (read) {
      const existing = this.inFlight.get(key);
      if (existing) {
        existing.waiters.push(meta);
        if (meta.owner) existing.owners.add(meta.owner);
        else existing.pinned = true;
        return;
      }
    }
    const entry: InFlight = {
      waiters: [meta],
      owners: new Set(meta.owner ? [meta.owner] : []),
      pinned: !meta.owner || !read,
      aborted: false,
      abort: new AbortController(),
    };
    if (read) this.inFlight.set(key, entry);
    this.all.add(entry);

    const { fetchedAt } = meta;
    if (endpoint.getOptimisticResponse && endpoint.sideEffect) void next(optimisticAction(endpoint, key, args, fetchedAt));
    const own = (endpoint as { signal?: AbortSignal }).signal;
    const signal = own ? AbortSignal.any([own, entry.abort.signal]) : entry.abort.signal;
    // `this` of the fetch gets our signal without cloning the endpoint.
    const target = Object.create(endpoint, { signal: { value: signal, enumerable: true } });
    const run = endpoint.fetch ?? endpoint;

    const settle = async (response: unknown, error: boolean) => {
      if (entry.aborted) return;
      this.all.delete(entry);
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      if (fetchedAt < controller.getState().lastReset) {
        for (const w of entry.waiters) w.reject(abortError('Aborted: the store was reset'));
        return;
      }
      try {
        await controller.resolve(endpoint, { args, response, fetchedAt, error });
      } finally {
        for (const w of entry.waiters) (error ? w.reject : w.resolve)(response);
      }
    };
    Promise.resolve()
      .then(() => run.apply(target, args as unknown[]))
      .then(
        (response) => settle(response, false),
        (error) => settle(error, true),
      );
  }
}
