import { describe, expect, it, vi } from 'vitest';
import { createLoading } from '../../src';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('createLoading', () => {
  it('is loading while a call runs and resolves with its value', async () => {
    const d = deferred<number>();
    const loading = createLoading((n: number) => d.promise.then((v) => v + n));
    const listener = vi.fn();
    loading.subscribe(listener);
    expect(loading.getSnapshot()).toEqual({ loading: false, error: undefined });
    const result = loading.run(1);
    expect(loading.getSnapshot()).toEqual({ loading: true, error: undefined });
    d.resolve(41);
    await expect(result).resolves.toBe(42);
    expect(loading.getSnapshot()).toEqual({ loading: false, error: undefined });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stores a failure instead of rethrowing it; the next call clears it', async () => {
    let fail = true;
    const loading = createLoading(async () => {
      if (fail) throw Object.assign(new Error('bad'), { status: 400 });
      return 'ok';
    });
    await expect(loading.run()).resolves.toBeUndefined();
    expect(loading.getSnapshot()).toMatchObject({ loading: false, error: { status: 400 } });
    fail = false;
    const next = loading.run();
    expect(loading.getSnapshot()).toEqual({ loading: true, error: undefined });
    await expect(next).resolves.toBe('ok');
    expect(loading.getSnapshot().error).toBeUndefined();
  });

  it('only the latest call decides: an earlier one neither ends loading nor sets an error', async () => {
    const calls = [deferred<string>(), deferred<string>()];
    let i = 0;
    const loading = createLoading(() => calls[i++]!.promise);
    const first = loading.run();
    const second = loading.run();
    calls[0]!.reject(new Error('old'));
    await expect(first).resolves.toBeUndefined();
    expect(loading.getSnapshot()).toEqual({ loading: true, error: undefined });
    calls[1]!.resolve('new');
    await expect(second).resolves.toBe('new');
    expect(loading.getSnapshot()).toEqual({ loading: false, error: undefined });
  });

  it('a snapshot keeps its identity until something changed; unsubscribe stops notifications', async () => {
    const loading = createLoading(async () => 1);
    const listener = vi.fn();
    const stop = loading.subscribe(listener);
    const idle = loading.getSnapshot();
    expect(loading.getSnapshot()).toBe(idle);
    stop();
    await loading.run();
    expect(listener).not.toHaveBeenCalled();
    expect(loading.getSnapshot()).toBe(idle);
  });
});
