import { createClient } from '@resto/core';
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
      m.unmount();
    });
  });
}
