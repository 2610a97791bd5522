import { afterEach, expect, it, vi } from 'vitest';
import { createClient, Endpoint, type Client } from '../../src';

let client: Client;
afterEach(() => { client?.destroy(); vi.useRealTimers(); });

it('a second observer joining a read that is already retrying', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let calls = 0;
  const ep = new Endpoint(async () => {
    if (++calls < 2) throw Object.assign(new Error('down'), { status: 503 });
    return { ok: calls };
  }, { name: 'shared' });
  client = createClient({ retryDelay: 1000 });
  const a = client.observe(ep);
  a.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  expect(a.getSnapshot().retryCount).toBe(1);
  const b = client.observe(ep);
  let err: unknown;
  const unhandled: unknown[] = [];
  const h = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', h);
  try { b.subscribe(() => {}); } catch (e) { err = e; }
  const f = b.fetchIfNeeded();
  console.log('sync error', err, 'fetchResult', f);
  await vi.advanceTimersByTimeAsync(0);
  console.log('b snapshot', b.getSnapshot());
  await vi.advanceTimersByTimeAsync(1000);
  console.log('a', a.getSnapshot(), 'b', b.getSnapshot(), 'calls', calls, 'unhandled', unhandled);
  process.off('unhandledRejection', h);
});
