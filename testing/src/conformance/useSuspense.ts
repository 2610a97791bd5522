import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useSuspenseScenarios({ harness: h, server }: ConformanceContext) {
  describe('useSuspense', () => {
    it('waits until the data is there, then shows it', async () => {
      const client = createClient();
      const m = await h.mount(client, 'suspense', (hooks) => hooks.useSuspense(server().api.get, { id: 1 }));
      expect(m.value.status).toBe('pending');
      await h.waitFor(() => m.value.status === 'data');
      expect(m.value.data.title).toBe('todo 1');
      m.unmount();
    });

    it('a failed read ends as the error with its status', async () => {
      const client = createClient();
      const m = await h.mount(client, 'suspense', (hooks) => hooks.useSuspense(server().api.get, { id: 99 }));
      await h.waitFor(() => m.value.status === 'error');
      expect(m.value.error.status).toBe(404);
      m.unmount();
    });

    it('stored data shows at once, without a request', async () => {
      const client = createClient();
      await client.controller.fetch(server().api.get, { id: 2 });
      const m = await h.mount(client, 'suspense', (hooks) => hooks.useSuspense(server().api.get, { id: 2 }));
      expect(m.value).toMatchObject({ status: 'data', data: { title: 'todo 2' } });
      expect(server().count('GET', '/todos/2')).toBe(1);
      m.unmount();
    });
  });
}
