import { nextTask } from '@resto/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { All, createClient, Entity, QueryObserver, RestEndpoint, type Client } from '../../src';
import { flushNotifications } from '../../src/client/notifyQueue';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}
const api = 'http://api.test';
const getTodo = new RestEndpoint({ urlPrefix: api, path: '/todos/:id', schema: Todo });
const listTodos = new RestEndpoint({ urlPrefix: api, path: '/todos', schema: [Todo] });
const getUser = new RestEndpoint({ urlPrefix: api, path: '/users/:id', schema: User });
const patchTodo = new RestEndpoint({
  urlPrefix: api,
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  getOptimisticResponse(snap: any, params: { id: number }, body: Partial<Todo>) {
    return { ...snap.get(Todo, params), ...body };
  },
});

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

/** A client without managers: nothing fetches, the test writes the store itself. */
function quietClient(): Client {
  return (client = createClient({ managers: [] }));
}

/** Lets batched notifications run (they are queued as microtasks: one macrotask later all ran). */
const settle = nextTask;

function counted(observer: { subscribe(l: () => void): () => void }) {
  const calls = { count: 0 };
  observer.subscribe(() => calls.count++);
  return calls;
}

describe('a change wakes only the readers it could change', () => {
  it('writing entity A does not call the listeners of a read that shows only entity B', async () => {
    const c = quietClient();
    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a' });
    await c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b' });
    const a = c.observe(getTodo, { id: 1 });
    const b = c.observe(getTodo, { id: 2 });
    const aCalls = counted(a);
    const bCalls = counted(b);
    await settle();
    aCalls.count = bCalls.count = 0;
    const reads = vi.spyOn(c.controller.memo, 'denormalize');

    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a2' });
    await settle();
    // B is not even recomputed: its result is never denormalized again.
    expect(reads.mock.calls.filter(([, input]) => input === '2')).toEqual([]);
    expect(a.getSnapshot().data?.title).toBe('a2');
    expect(aCalls.count).toBe(1);
    expect(bCalls.count).toBe(0);
  });

  it('an entity written through another endpoint wakes every read that shows it', async () => {
    const c = quietClient();
    await c.controller.setResponse(listTodos, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
    const list = c.observe(listTodos);
    const one = c.observe(getTodo, { id: 1 });
    const listCalls = counted(list);
    const oneCalls = counted(one);
    await settle();
    listCalls.count = oneCalls.count = 0;

    await c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b2' });
    await settle();
    expect(list.getSnapshot().data?.map((t) => t.title)).toEqual(['a', 'b2']);
    expect(listCalls.count).toBe(1);
    expect(oneCalls.count).toBe(0);
  });

  it('many reads of one list all hear a change to a listed entity, and one that let go does not', async () => {
    const c = quietClient();
    await c.controller.setResponse(listTodos, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
    const reads = Array.from({ length: 50 }, () => c.observe(listTodos));
    const calls = reads.map(counted);
    const stopped = c.observe(listTodos);
    const stoppedCalls = { count: 0 };
    stopped.subscribe(() => stoppedCalls.count++)();
    await settle();
    for (const k of calls) k.count = 0;

    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a2' });
    await settle();
    expect(calls.map((k) => k.count)).toEqual(calls.map(() => 1));
    expect(reads.every((r) => r.getSnapshot().data?.[0]?.title === 'a2')).toBe(true);
    expect(stoppedCalls.count).toBe(0);

    // the list changed identity: every read moved to the new result, and still hears entity 2
    await c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b2' });
    await settle();
    expect(calls.map((k) => k.count)).toEqual(calls.map(() => 2));
  });

  it('a read of an entity not stored yet is woken when a list stores it, and only that read', async () => {
    const c = quietClient();
    const seven = c.observeWith({ fetch: false }, getTodo, [{ id: 7 }]);
    const eight = c.observeWith({ fetch: false }, getTodo, [{ id: 8 }]);
    const sevenCalls = counted(seven);
    const eightCalls = counted(eight);
    expect(seven.getSnapshot().data).toBeUndefined();

    await c.controller.setResponse(listTodos, [{ id: 7, title: 'seven' }]);
    await settle();
    expect(seven.getSnapshot().data?.title).toBe('seven');
    expect(sevenCalls.count).toBe(1);
    expect(eightCalls.count).toBe(0);
  });

  it('a query over All(Todo) hears new todos, not users', async () => {
    const c = quietClient();
    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a' });
    const all = new QueryObserver<Todo[]>(c, new All(Todo), []);
    const calls = counted(all);
    await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
    await settle();
    expect(calls.count).toBe(0);

    await c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b' });
    await settle();
    expect(all.getSnapshot()?.map((t: Todo) => t.id)).toEqual([1, 2]);
    expect(calls.count).toBe(1);
  });

  it('an optimistic update wakes its entity readers when applied and again when it settles; others sleep', async () => {
    let answer!: (value: unknown) => void;
    const c = (client = createClient({
      managers: [
        {
          middleware: (controller) => (next) => async (action) => {
            if (action.type === 'rest/fetch' && action.endpoint === patchTodo) {
              void next({ type: 'rest/optimistic', key: action.key, endpoint: action.endpoint, args: action.args, meta: { fetchedAt: action.meta.fetchedAt, date: Date.now(), expiresAt: Infinity } });
              answer = (value) => void controller.resolve(patchTodo, { args: action.args, response: value, fetchedAt: action.meta.fetchedAt });
              return;
            }
            return next(action);
          },
          cleanup() {},
        },
      ],
    }));
    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a' });
    await c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b' });
    const one = c.observe(getTodo, { id: 1 });
    const two = c.observe(getTodo, { id: 2 });
    const oneCalls = counted(one);
    const twoCalls = counted(two);
    await settle();
    oneCalls.count = twoCalls.count = 0;

    void c.controller.fetch(patchTodo, { id: 1 }, { title: 'optimistic' });
    await settle();
    expect(one.getSnapshot().data?.title).toBe('optimistic');
    expect(oneCalls.count).toBe(1);

    answer({ id: 1, title: 'server' });
    await settle();
    expect(one.getSnapshot().data?.title).toBe('server');
    expect(oneCalls.count).toBe(2);
    expect(twoCalls.count).toBe(0);
  });

  it('a reset wakes every read', async () => {
    const c = quietClient();
    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a' });
    await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
    const todo = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
    const user = c.observeWith({ fetch: false }, getUser, [{ id: 1 }]);
    const todoCalls = counted(todo);
    const userCalls = counted(user);
    await c.controller.resetEntireStore();
    await settle();
    expect(todo.getSnapshot().data).toBeUndefined();
    expect(user.getSnapshot().data).toBeUndefined();
    expect([todoCalls.count, userCalls.count]).toEqual([1, 1]);
  });

  it('plain store listeners still hear every change, and subscribed reads count as listeners', async () => {
    const c = quietClient();
    const heard = vi.fn();
    const stop = c.subscribe(heard);
    const read = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
    const unsubscribe = read.subscribe(() => {});
    expect(c.listenerCount).toBe(2);
    await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
    await settle();
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    stop();
    expect(c.listenerCount).toBe(0);
  });

  it('the same store listener subscribed twice (two readers) counts twice: one unsubscribe leaves the other', async () => {
    const c = quietClient();
    const render = vi.fn();
    const stopA = c.subscribe(render);
    const stopB = c.subscribe(render);
    expect(c.listenerCount).toBe(2);
    stopA(); // reader A leaves; reader B still listens
    stopA(); // twice is harmless
    expect(c.listenerCount).toBe(1);
    await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
    await settle();
    expect(render).toHaveBeenCalledTimes(1);
    stopB();
    expect(c.listenerCount).toBe(0);
  });

  it('an unsubscribe called again after the same listener subscribed anew leaves the new subscription', async () => {
    const c = quietClient();
    const render = vi.fn();
    const stopA = c.subscribe(render);
    stopA();
    const stopB = c.subscribe(render); // the same function again (a remount)
    stopA(); // the old cleanup running twice
    expect(c.listenerCount).toBe(1);
    await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
    await settle();
    expect(render).toHaveBeenCalledTimes(1);
    stopB();
    expect(c.listenerCount).toBe(0);
  });

  it('an unsubscribed read still sees the newest state', async () => {
    const c = quietClient();
    const read = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
    read.subscribe(() => {})();
    await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'later' });
    expect(read.getSnapshot().data?.title).toBe('later');
  });
});

describe('answering N readers costs O(N) reads in total', () => {
  it('N reads of N keys answered one by one recompute each read a bounded number of times', async () => {
    const c = quietClient();
    const n = 300;
    const reads = Array.from({ length: n }, (_, i) => c.observeWith({ fetch: false }, getTodo, [{ id: i }]));
    const calls = reads.map(counted);
    const spy = vi.spyOn(c.controller.memo, 'denormalize');
    const mounted = spy.mock.calls.length;
    for (let i = 0; i < n; i++) {
      await c.controller.setResponse(getTodo, { id: i }, { id: i, title: `t${i}` });
      await settle();
    }
    // Each answer denormalizes its own read (and no other): the total grows with N, not N².
    const perRead = (spy.mock.calls.length - mounted) / n;
    expect(perRead).toBeLessThanOrEqual(2);
    expect(calls.every((c) => c.count === 1)).toBe(true);
    expect(reads.every((r, i) => r.getSnapshot().data?.title === `t${i}`)).toBe(true);
  });
});

describe('the notification queue schedules like the platform', () => {
  it('calls queueMicrotask without a receiver (browsers reject it called on another object)', async () => {
    const receivers: unknown[] = [];
    const platform = globalThis.queueMicrotask;
    vi.stubGlobal('queueMicrotask', function (this: unknown, task: () => void) {
      receivers.push(this);
      platform(task);
    });
    try {
      const c = quietClient();
      const read = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
      const heard = vi.fn();
      read.subscribe(heard);
      await c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a' });
      await settle();
      expect(heard).toHaveBeenCalledTimes(1);
      expect(receivers.length).toBeGreaterThan(0);
      expect(receivers.filter((r) => r !== undefined && r !== globalThis)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a listener that throws', () => {
  /** Errors reported as uncaught (the browser's reportError), instead of failing the run. */
  function reported(): unknown[] {
    const errors: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => errors.push(error));
    return errors;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is reported, and the other reads woken by the same change still hear it', async () => {
    const errors = reported();
    const c = quietClient();
    const a = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
    const b = c.observeWith({ fetch: false }, getTodo, [{ id: 2 }]);
    a.subscribe(() => {
      throw new Error('component A failed to render');
    });
    const seenByB: unknown[] = [];
    b.subscribe(() => seenByB.push(b.getSnapshot().data?.title));
    await settle();
    // same tick: one flush refreshes A, then B
    void c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'a1' });
    void c.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'b1' });
    await settle();
    expect(seenByB).toEqual(['b1']);
    expect(errors.map(String)).toEqual(['Error: component A failed to render']);
  });

  it('in client.subscribe does not freeze the reads of its client or of another client', async () => {
    const errors = reported();
    const a = quietClient();
    const b = createClient({ managers: [] });
    try {
      const readA = a.observeWith({ fetch: false }, getTodo, [{ id: 2 }]);
      const readB = b.observeWith({ fetch: false }, getTodo, [{ id: 2 }]);
      const seen: unknown[] = [];
      readA.subscribe(() => seen.push(`a:${readA.getSnapshot().data?.title}`));
      readB.subscribe(() => seen.push(`b:${readB.getSnapshot().data?.title}`));
      let fail = true;
      a.subscribe(() => {
        if (fail) {
          fail = false;
          throw new Error('devtools listener bug');
        }
      });
      const after = vi.fn();
      a.subscribe(after);
      await settle();
      // Only the throwing store listener is queued first; the reads' refreshes after it.
      void a.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
      void a.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'x1' });
      void b.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'y1' });
      await settle();
      expect(errors.map(String)).toEqual(['Error: devtools listener bug']);
      expect(after).toHaveBeenCalledTimes(1);
      // Later changes, long after the one failure, are still heard.
      await a.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'x2' });
      await b.controller.setResponse(getTodo, { id: 2 }, { id: 2, title: 'y2' });
      await settle();
      expect(seen).toEqual(['a:x1', 'b:y1', 'a:x2', 'b:y2']);
      expect(after).toHaveBeenCalledTimes(2);
    } finally {
      b.destroy();
    }
  });

  it('in a task run by flushNotifications (act) does not keep the other tasks from running', async () => {
    const errors = reported();
    const c = quietClient();
    const read = c.observeWith({ fetch: false }, getTodo, [{ id: 1 }]);
    c.subscribe(() => {
      throw new Error('store listener bug');
    });
    const seen: unknown[] = [];
    read.subscribe(() => seen.push(read.getSnapshot().data?.title));
    await settle();
    void c.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'now' });
    flushNotifications();
    expect(seen).toEqual(['now']);
    expect(errors.map(String)).toEqual(['Error: store listener bug']);
  });

  it('without reportError (Node) is thrown in a microtask: uncaught, where the runner and the console show it', async () => {
    const uncaught: unknown[] = [];
    const onError = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onError);
    try {
      const c = quietClient();
      c.subscribe(() => {
        throw new Error('store listener bug');
      });
      const heard = vi.fn();
      c.subscribe(heard);
      await c.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'ann' });
      await settle();
      expect(heard).toHaveBeenCalledTimes(1);
      expect(uncaught.map(String)).toEqual(['Error: store listener bug']);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
