import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, dehydrate, Endpoint, NetworkManager, type Client } from '../../src';
import { uniqueNow } from '../../src/state';

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a NaN expiry length (Number(process.env.X) with X unset)', () => {
  it('behaves as the default: fresh for a minute, then stale, with one warning naming the endpoint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const time = new Endpoint(async () => ({ now: 1 }), { name: 'time', dataExpiryLength: Number(undefined) });
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    await c.controller.fetch(time);
    await c.controller.fetch(time);
    expect(c.observe(time).getSnapshot().stale).toBe(false);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(c.observe(time).getSnapshot().stale).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.observe(time).getSnapshot().stale).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/time: dataExpiryLength is NaN/);
  });

  it('does not make a subscribed read re-arm its expiry timer every millisecond', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const time = new Endpoint(async () => ({ now: ++calls }), { name: 'time', dataExpiryLength: Number(undefined) });
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    const read = c.observe(time);
    const stop = read.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await vi.advanceTimersByTimeAsync(1000);
    expect(timers.mock.calls.length).toBeLessThan(5);
    expect(read.getSnapshot()).toMatchObject({ data: { now: 1 }, stale: false });
    stop();
  });

  it('an errorExpiryLength of NaN keeps the error for the default second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ep = new Endpoint(
      async () => {
        throw Object.assign(new Error('down'), { status: 500 });
      },
      { name: 'ep', errorExpiryLength: Number.NaN, retry: 0 },
    );
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    await c.controller.fetch(ep).catch(() => {});
    const meta = c.getSnapshot().meta[ep.key()]!;
    expect(meta.expiresAt - meta.date).toBe(1000);
  });

  it('a stored result whose expiresAt is NaN (a restored store) arms no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const ep = new Endpoint(async () => ({ v: 1 }), { name: 'ep' });
    const server = createClient({ managers: [] });
    await server.controller.setResponse(ep, { v: 1 });
    const snapshot = dehydrate(server);
    server.destroy();
    const meta = snapshot.meta as Record<string, { expiresAt: number }>;
    meta[ep.key()] = { ...meta[ep.key()]!, expiresAt: Number.NaN };
    const c = (client = createClient({ managers: [], initialState: snapshot }));
    const read = c.observeWith({ fetch: false }, ep, []);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const stop = read.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(timers.mock.calls.length).toBeLessThan(5);
    expect(read.getSnapshot().data).toEqual({ v: 1 });
    stop();
  });
});

describe('the time of each write (uniqueNow)', () => {
  it('every setResponse of one key within one busy millisecond is stored: the last one wins', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the clock does not move, as within one busy millisecond
    const c = (client = createClient({ managers: [] }));
    const ep = new Endpoint(async () => '', { name: 'ep' });
    for (let i = 0; i < 1500; i++) {
      await c.controller.setResponse(ep, `v${i}`);
      expect(c.controller.getResponse(ep, c.getSnapshot()).data, `write ${i}`).toBe(`v${i}`);
    }
  });

  it('a fetch after a reset and then the clock set back is stored, not refused as started before the reset', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    const ep = new Endpoint(async () => ({ v: 1 }), { name: 'ep', key: () => 'ep' });
    await c.controller.resetEntireStore(); // logout
    vi.setSystemTime(Date.now() - 5_000); // then the clock is corrected back a few seconds
    await expect(c.controller.fetch(ep)).resolves.toEqual({ v: 1 });
    expect(c.controller.getResponse(ep, c.getSnapshot()).data).toEqual({ v: 1 });
  });

  it('keeps increasing while the clock stands still or moves on, and follows the clock when it is set back', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const times = Array.from({ length: 3000 }, () => uniqueNow());
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    vi.setSystemTime(Date.now() + 1); // the clock moves on, still behind the steps
    expect(uniqueNow()).toBeGreaterThan(times.at(-1)!);
    vi.setSystemTime(Date.now() - 5_000); // the clock set back (fake timers restored, a corrected clock)
    expect(uniqueNow()).toBe(Date.now());
  });
});
