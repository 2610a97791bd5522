import { afterEach, expect, it } from 'vitest';
import { readAsync, type Client } from '../../src';
import { getTodo } from '../fixtures/todo';
import { createMockClient } from '../../src/mock';

// An observer kept in Vue's `ref()`/`reactive()` (or any other Proxy) is called through
// the proxy: `this` is the proxy, which carries none of the class's `#private` members.
// What `promise()`, `read()` and `close()` reach must work through it, as it did before.

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

it('promise(), read(), readAsync(), release() and close() work on a proxy of the observer (Vue reactivity)', async () => {
  client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) }]);
  const proxied = <T extends object>(target: T): T => new Proxy(target, {});

  const one = proxied(client.observe(getTodo, { id: 1 }));
  const r = one.read();
  expect(r.status).toBe('pending');
  await (r as { promise: Promise<void> }).promise;
  expect(one.read()).toMatchObject({ status: 'ready', data: { id: 1, title: 't1' } });

  const two = proxied(client.observe(getTodo, { id: 2 }));
  await two.promise();
  expect(two.getSnapshot().data).toMatchObject({ title: 't2' });

  expect(await readAsync(proxied(client.observe(getTodo, { id: 3 })))).toMatchObject({ title: 't3' });

  const four = proxied(client.observe(getTodo, { id: 4 }));
  void four.promise();
  four.release();
  const unsubscribe = four.subscribe(() => {});
  four.close();
  unsubscribe();
});

it('close() works on a deep proxy of a subscribed observer (Vue reactive() wraps what it reads: the store, its reader index)', () => {
  client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) }]);
  // As Vue's reactive() does: every object read through it is wrapped too, and a collection's
  // methods take a wrapped key as the object it wraps.
  const raw = new WeakMap<object, object>();
  const toRaw = (value: unknown) => (value && typeof value === 'object' && raw.get(value)) || value;
  const deep = <T extends object>(target: T): T => {
    const collection = target instanceof Map || target instanceof Set || target instanceof WeakMap;
    const proxy = new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key, collection ? t : proxy) as unknown;
        if (collection) return typeof value === 'function' ? (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(t, args.map(toRaw)) : value;
        return value && typeof value === 'object' && !(value instanceof Promise) ? deep(value) : value;
      },
    });
    raw.set(proxy, target);
    return proxy;
  };
  const observer = deep(client.observe(getTodo, { id: 1 }));
  observer.subscribe(() => {});
  expect(() => observer.close()).not.toThrow();
  expect(observer.listenerCount).toBe(0);
});
