import { afterEach, describe, expect, it, vi } from 'vitest';
import { Entity, getDefaultManagers, ObserveModes, PollingModes, RestEndpoint, SubscriptionManager, type Client, type Manager } from '../../src';
import { createMockClient } from '../../src/mock';

class Tick extends Entity {
  id = 0;
  n = 0;
  static override key = 'Tick';
}
const getTick = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/ticks/:id', schema: Tick, pollFrequency: 100 });

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

function setup() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  let calls = 0;
  const mock = createMockClient([{ endpoint: getTick, response: ({ id }: { id: number }) => ({ id, n: ++calls }) }]);
  client = mock;
  const polls = mock.managers.find((m): m is SubscriptionManager => m instanceof SubscriptionManager)!;
  const observe = (mode: keyof typeof ObserveModes) => {
    const obs = mock.observeWith(ObserveModes[mode], getTick, [{ id: 1 }]);
    return { obs, stop: obs.subscribe(() => {}) };
  };
  return { observe, calls: () => calls, polling: () => polls.active.size };
}

describe('ObserveModes: what each hook does on mount', () => {
  it.each([
    ['suspense', 1, 0],
    ['dle', 1, 0],
    ['fetch', 1, 0],
    ['cache', 0, 0],
    ['error', 0, 0],
    ['subscription', 0, 1],
    ['live', 1, 1],
  ] as const)('%s fetches %i time(s) on mount and polls: %i', async (mode, fetches, polls) => {
    const { observe, calls, polling } = setup();
    const { stop } = observe(mode);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls()).toBe(fetches);
    expect(polling()).toBe(polls);
    stop();
    expect(polling()).toBe(0);
  });

  it('subscription polls one period after mount', async () => {
    const { observe, calls } = setup();
    const { obs, stop } = observe('subscription');
    await vi.advanceTimersByTimeAsync(99);
    expect(calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(2);
    expect(calls()).toBe(1);
    expect(obs.getSnapshot().data).toMatchObject({ n: 1 });
    stop();
  });

  it('the presets are frozen', () => {
    expect(Object.isFrozen(ObserveModes)).toBe(true);
    expect(Object.isFrozen(ObserveModes.subscription)).toBe(true);
  });
});

describe('PollingModes: polling comes with the modes that poll', () => {
  const clientWith = (managers?: Manager[]) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let calls = 0;
    const mock = createMockClient([{ endpoint: getTick, response: ({ id }: { id: number }) => ({ id, n: ++calls }) }], managers && { managers });
    client = mock;
    return { mock, calls: () => calls };
  };

  it('live and subscription poll on a client with only the default managers, and stop with their last reader', async () => {
    const { mock, calls } = clientWith(getDefaultManagers());
    expect(mock.managers.some((m) => m instanceof SubscriptionManager)).toBe(false);
    const stopLive = mock.observeWith(PollingModes.live, getTick, [{ id: 1 }]).subscribe(() => {});
    const stopSub = mock.observeWith(PollingModes.subscription, getTick, [{ id: 1 }]).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(calls()).toBe(1); // live's fetch on mount
    await vi.advanceTimersByTimeAsync(300);
    expect(calls()).toBe(4); // one timer for the key, every 100 ms
    expect(SubscriptionManager.of(mock.controller).active).toEqual(new Map([[getTick.key({ id: 1 }), 100]]));
    stopLive();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls()).toBe(5); // the subscription still polls
    stopSub();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(5);
    expect(SubscriptionManager.of(mock.controller).active.size).toBe(0);
  });

  it('use the client\'s SubscriptionManager when it has one: one timer per key with `{ poll: true }` reads', async () => {
    const polls = new SubscriptionManager();
    const { mock, calls } = clientWith([...getDefaultManagers(), polls]);
    expect(SubscriptionManager.of(mock.controller)).toBe(polls);
    const stopA = mock.observeWith(PollingModes.subscription, getTick, [{ id: 1 }]).subscribe(() => {});
    const stopB = mock.observeWith({ fetch: false, poll: true }, getTick.extend({ pollFrequency: 50 }), [{ id: 1 }]).subscribe(() => {});
    expect(polls.active).toEqual(new Map([[getTick.key({ id: 1 }), 50]]));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls()).toBe(4);
    stopB();
    expect(polls.active).toEqual(new Map([[getTick.key({ id: 1 }), 100]]));
    stopA();
    expect(polls.active.size).toBe(0);
  });

  it('client.destroy() stops what the attached poller polls', async () => {
    const { mock, calls } = clientWith(getDefaultManagers());
    mock.observeWith(PollingModes.live, getTick, [{ id: 1 }]).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(110);
    expect(calls()).toBe(2);
    mock.destroy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(2);
    expect(SubscriptionManager.of(mock.controller).active.size).toBe(0);
  });

  it('a read subscribed on a client already destroyed fetches and polls nothing (and does not spin)', async () => {
    const { mock, calls } = clientWith(getDefaultManagers());
    mock.destroy();
    const read = mock.observeWith(PollingModes.live, getTick, [{ id: 1 }]);
    const stop = read.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(0);
    expect(SubscriptionManager.of(mock.controller).active.size).toBe(0);
    stop();
  });
});

describe('a `{ poll: true }` read and a PollingModes read of one key', () => {
  it('are two reads: the one that brings its polling polls on a client without a SubscriptionManager', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let calls = 0;
    const mock = createMockClient([{ endpoint: getTick, response: ({ id }: { id: number }) => ({ id, n: ++calls }) }], { managers: getDefaultManagers() });
    client = mock;
    const stopTrue = mock.observeWith({ poll: true }, getTick, [{ id: 1 }]).subscribe(() => {});
    const live = mock.observeWith(PollingModes.live, getTick, [{ id: 1 }]);
    const stopLive = live.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(250);
    expect(SubscriptionManager.of(mock.controller).active.size).toBe(1);
    expect(calls).toBe(3); // the fetch on mount, then a poll every 100 ms
    stopLive();
    stopTrue();
  });
});

describe('asking to poll a client that has nothing to poll with', () => {
  it('`{ poll: true }` and controller.subscribe warn (development), once per endpoint; PollingModes do not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // Endpoints of its own: each is warned about once per process.
      const tick = getTick.extend({ name: 'Tick.one' });
      const mock = createMockClient([{ endpoint: tick, response: ({ id }: { id: number }) => ({ id, n: 1 }) }], { managers: getDefaultManagers() });
      client = mock;
      mock.observeWith(PollingModes.live, tick, [{ id: 1 }]).subscribe(() => {})();
      expect(warn).not.toHaveBeenCalled();
      mock.observeWith({ poll: true }, tick, [{ id: 2 }]).subscribe(() => {})();
      await mock.controller.subscribe(tick, { id: 3 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/Tick\.one.*no SubscriptionManager/);
      const other = getTick.extend({ name: 'Tick.other' });
      await mock.controller.subscribe(other, { id: 1 });
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[1]![0])).toMatch(/Tick\.other/);
    } finally {
      warn.mockRestore();
    }
  });
});
