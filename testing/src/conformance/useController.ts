import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useControllerScenarios({ harness: h, server }: ConformanceContext) {
  describe('useController and useClient', () => {
    it('useController() methods are bound, so destructured fetch works', async () => {
      const client = createClient();
      const m = await h.mount(client, 'value', (hooks) => hooks.useController());
      const { fetch, getResponse } = m.value;
      await fetch(server().api.get, { id: 1 });
      expect(getResponse(server().api.get, { id: 1 }, client.getSnapshot()).data.title).toBe('todo 1');
      m.unmount();
    });

    it('useClient() gives the provided client', async () => {
      const client = createClient();
      const m = await h.mount(client, 'value', (hooks) => hooks.useClient());
      expect(m.value).toBe(client);
      m.unmount();
    });

    it('without a client, the error names useClient() and says what to do', async () => {
      const error = await h.withoutClient((hooks) => hooks.useDLE(server().api.get, { id: 1 }));
      expect(String((error as Error)?.message)).toMatch(/^Resto useClient\(\): no client in context\. Fix: [^\n]+\./);
    });
  });
}
