import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useCacheScenarios({ harness: h, server }: ConformanceContext) {
  describe('useCache', () => {
    it('shows what is stored and never fetches', async () => {
      const client = createClient();
      const m = await h.mount(client, 'value', (hooks) => hooks.useCache(server().api.get, { id: 3 }));
      await new Promise((r) => setTimeout(r, 20));
      expect(m.value).toBeUndefined();
      expect(server().hits).toHaveLength(0);
      await client.controller.fetch(server().api.get, { id: 3 });
      await h.waitFor(() => m.value?.title === 'todo 3');
      m.unmount();
    });
  });
}
