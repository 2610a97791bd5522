// Next.js (with `cacheComponents`) counts reading the clock during a prerender as
// request-time data and fails the build when no <Suspense> is above the read, naming
// `Date.now()` at the hook's line. A read reads the clock only when its answer
// depends on it: nothing stored, or data that never expires, decides without it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, Entity } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const answer = [{ id: 1, title: 'milk' }];
const list = (options: { dataExpiryLength?: number; invalidIfStale?: boolean } = {}) =>
  new Endpoint(async () => answer, { key: () => 'todos', schema: [Todo], ...options });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading the clock during a read', () => {
  for (const ssr of [true, false]) {
    it(`${ssr ? 'server' : 'browser'} mode: a read with nothing stored is pending without reading the clock`, () => {
      const client = createClient({ ssr });
      const now = vi.spyOn(Date, 'now');
      const read = client.observe(list()).read();
      expect(read.status).toBe('pending');
      expect(client.observe(list()).getSnapshot()).toMatchObject({ data: undefined, loading: true });
      expect(now).not.toHaveBeenCalled();
      client.destroy();
    });
  }

  it('a server-mode read of data that never expires is ready without reading the clock', async () => {
    const client = createClient({ ssr: true });
    const endpoint = list({ dataExpiryLength: Infinity, invalidIfStale: true });
    await client.controller.setResponse(endpoint, answer);
    const now = vi.spyOn(Date, 'now');
    const read = client.observe(endpoint).read();
    expect(read).toMatchObject({ status: 'ready', data: [{ id: 1, title: 'milk' }] });
    expect(now).not.toHaveBeenCalled();
    client.destroy();
  });

  it('data that can expire is still judged by the clock', async () => {
    const client = createClient({ ssr: true });
    const endpoint = list({ dataExpiryLength: 1000, invalidIfStale: true });
    await client.controller.setResponse(endpoint, answer);
    expect(client.observe(endpoint).read().status).toBe('ready');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    // Past its expiry, invalidIfStale data is unusable: the read waits for a fetch.
    expect(client.observe(endpoint).read().status).toBe('pending');
    client.destroy();
  });
});
