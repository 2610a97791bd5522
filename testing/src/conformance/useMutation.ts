import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useMutationScenarios({ harness: h, server }: ConformanceContext) {
  describe('useMutation', () => {
    it('{ mutate, pending, error, data, reset }: the latest call through the controller; a failure is stored, not thrown', async () => {
      const client = createClient({ retry: 0 });
      const { api } = server();
      const m = await h.mount(client, 'mutation', (hooks) => hooks.useMutation(api.update));
      expect(m.value).toMatchObject({ pending: false, error: undefined, data: undefined });
      const release = server().hold();
      let result = m.value.mutate({ id: 1 }, { title: 'renamed' });
      await h.waitFor(() => m.value.pending === true);
      release();
      await expect(result).resolves.toMatchObject({ id: 1, title: 'renamed' });
      await h.waitFor(() => m.value.pending === false && m.value.data?.title === 'renamed');
      expect(client.getSnapshot().entities.Todo?.['1']).toMatchObject({ title: 'renamed' });
      server().fail('PATCH /todos/1', 422);
      result = m.value.mutate({ id: 1 }, { title: '' });
      await expect(result).resolves.toBeUndefined();
      await h.waitFor(() => m.value.error !== undefined);
      expect(m.value).toMatchObject({ pending: false, error: { status: 422 }, data: undefined });
      m.value.reset();
      await h.waitFor(() => m.value.error === undefined);
      expect(m.value).toMatchObject({ pending: false, data: undefined });
      m.unmount();
      client.destroy();
    });
  });
}
