import { createClient, getDefaultManagers, RetryManager } from '@resto/core';
import { json } from '../server';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useDLEScenarios({ harness: h, server }: ConformanceContext) {
  describe('useDLE', () => {
    it('{ data, loading, error, refetch }: loading, then data; refetch asks again', async () => {
      const client = createClient();
      const m = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 1 }));
      expect(m.value.loading).toBe(true);
      expect(m.value.data).toBeUndefined();
      await h.waitFor(() => m.value.data?.title === 'todo 1' && !m.value.loading);
      expect(m.value.error).toBeUndefined();
      await m.value.refetch();
      await h.waitFor(() => server().count('GET', '/todos/1') === 2);
      m.unmount();
    });

    it('a failed read gives the error with its status, not data', async () => {
      const client = createClient();
      const m = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 99 }));
      await h.waitFor(() => m.value.error !== undefined);
      expect(m.value.error.status).toBe(404);
      expect(m.value.data).toBeUndefined();
      expect(m.value.loading).toBe(false);
      // A 4xx is never retried.
      expect(server().count('GET', '/todos/99')).toBe(1);
      m.unmount();
    });

    it('settles in one step: no value shows an error or data while still loading', async () => {
      const client = createClient({ retryDelay: 0 });
      const seen: { loading: boolean; error: unknown; data: unknown }[] = [];
      const record = () => {
        const { loading, error, data } = m.value;
        seen.push({ loading, error, data });
      };
      const m = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 99 }));
      // The controller's read of the same key shares the request: when it settles, so has the hook's read.
      await client.controller.fetch(server().api.get, { id: 99 }).catch(() => undefined);
      await h.waitFor(() => (record(), m.value.error !== undefined));
      const good = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 1 }));
      await h.waitFor(() => (seen.push({ ...good.value }), good.value.data !== undefined));
      expect(seen.filter((v) => v.loading && (v.error !== undefined || v.data !== undefined))).toEqual([]);
      expect(m.value).toMatchObject({ loading: false, data: undefined, error: { status: 404 } });
      expect(good.value).toMatchObject({ loading: false, error: undefined, data: { title: 'todo 1' } });
      m.unmount();
      good.unmount();
      client.destroy();
    });

    it('retryCount (with a RetryManager): a 5xx is retried, the count shows while retrying and is 0 once answered', async () => {
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      // The first try fails; the retry is held until the "retrying" state was seen.
      server().routes['GET /todos/1'] = async (_hit, res) => {
        if (++calls === 1) return json(res, { message: 'down' }, 503);
        await gate;
        json(res, { id: 1, title: 'todo 1', completed: false });
      };
      const client = createClient({ retryDelay: 0, managers: [...getDefaultManagers(), new RetryManager()] });
      const m = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 1 }));
      await h.waitFor(() => m.value.retryCount === 1);
      expect(m.value).toMatchObject({ loading: true, data: undefined, error: undefined });
      release();
      await h.waitFor(() => m.value.data?.title === 'todo 1');
      expect(m.value).toMatchObject({ loading: false, retryCount: 0, error: undefined });
      expect(calls).toBe(2);
      m.unmount();
      client.destroy();
    });
  });
}
