import { afterEach, describe, expect, it, vi } from 'vitest';
import { Entity, ObserveModes, RestEndpoint, SubscriptionManager, type Client } from '../../src';
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
