import { createClient, RestEndpoint } from '@resto/core';
import { describe, expect, it } from 'vitest';
import { Todo } from '../todos';
import { recordFetches } from '../wait';
import type { ConformanceContext } from './index';

export function useSubscriptionScenarios({ harness: h, server }: ConformanceContext) {
  describe('useSubscription', () => {
    it('returns nothing, polls while mounted and stops when unmounted', async () => {
      const client = createClient();
      const polled = new RestEndpoint({ urlPrefix: server().url, path: '/todos/:id', schema: Todo, pollFrequency: 25 });
      const m = await h.mount(client, 'value', (hooks) => hooks.useSubscription(polled, { id: 1 }));
      // A second poller at the same frequency stays mounted: its polls mark time passing.
      const witness = await h.mount(client, 'value', (hooks) => hooks.useSubscription(polled, { id: 2 }));
      expect(m.value).toBeUndefined();
      await h.waitFor(() => server().count('GET', '/todos/1') >= 2);
      m.unmount();
      const fetched = recordFetches();
      // Two more polls of the witness: a poll of todo 1 would have come in between.
      await h.waitFor(() => fetched().filter((p) => p === '/todos/2').length >= 2);
      expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
      witness.unmount();
    });
  });
}
