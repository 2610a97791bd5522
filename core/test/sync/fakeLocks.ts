// Web Locks for Node tests (Node 20 has none).
import type { LockManagerLike } from '../../src/sync';

/** Web Locks for tests: one holder per name, the next waiter gets it when it lets go. */
export function fakeLocks(): LockManagerLike {
  const queues = new Map<string, { grant: () => void; signal?: AbortSignal }[]>();
  const held = new Map<string, boolean>();
  const next = (name: string) => {
    if (held.get(name)) return;
    const waiter = queues.get(name)?.shift();
    if (!waiter) return;
    held.set(name, true);
    waiter.grant();
  };
  return {
    request(name, { signal }, callback) {
      return new Promise((resolve) => {
        const entry = {
          signal,
          grant: () => {
            void callback().finally(() => {
              held.set(name, false);
              resolve(undefined);
              next(name);
            });
          },
        };
        signal?.addEventListener('abort', () => {
          const q = queues.get(name);
          if (q?.includes(entry)) q.splice(q.indexOf(entry), 1);
        });
        queues.set(name, [...(queues.get(name) ?? []), entry]);
        next(name);
      });
    },
    query: async () => ({
      held: [...held].filter(([, h]) => h).map(([name]) => ({ name })),
      pending: [...queues].flatMap(([name, q]) => q.map(() => ({ name }))),
    }),
  };
}
