import { createClient, RestEndpoint } from '@resto/core';
import { describe, expect, it } from 'vitest';
import { Todo } from '../todos';
import type { ConformanceContext } from './index';

export function useSubscriptionScenarios({ harness: h, server }: ConformanceContext) {
  describe('useSubscription', () => {
    it('returns nothing, polls while mounted and stops when unmounted', async () => {
      const client = createClient();
      const polled = new RestEndpoint({ urlPrefix: server().url, path: '/todos/:id', schema: Todo, pollFrequency: 25 });
      const m = await h.mount(client, 'value', (hooks) => hooks.useSubscription(polled, { id: 1 }));
      expect(m.value).toBeUndefined();
      await h.waitFor(() => server().count('GET', '/todos/1') >= 2);
      m.unmount();
      await new Promise((r) => setTimeout(r, 40));
      const after = server().count('GET', '/todos/1');
      await new Promise((r) => setTimeout(r, 80));
      expect(server().count('GET', '/todos/1')).toBe(after);
    });
  });
}
