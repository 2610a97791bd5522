import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';
import { nextTask, recordFetches } from '../wait';

export function useCacheScenarios({ harness: h, server }: ConformanceContext) {
  describe('useCache', () => {
    it('shows what is stored and never fetches', async () => {
      const client = createClient();
      const fetched = recordFetches();
      const m = await h.mount(client, 'value', (hooks) => hooks.useCache(server().api.get, { id: 3 }));
      // Mounted and its effects ran: a fetch would have been called by now.
      await nextTask();
      expect(m.value).toBeUndefined();
      expect(fetched()).toEqual([]);
      expect(server().hits).toHaveLength(0);
      await client.controller.fetch(server().api.get, { id: 3 });
      await h.waitFor(() => m.value?.title === 'todo 3');
      m.unmount();
    });
  });
}
