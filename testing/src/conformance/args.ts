import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';
import { nextTask, recordFetches } from '../wait';

/** The argument rule: values or getters, `null` skips, the old whole-list getter is a clear error. */
export function argsScenarios({ harness: h, server }: ConformanceContext) {
  describe('arguments', () => {
    it('a value argument reads that key', async () => {
      const client = createClient();
      const m = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, { id: 1 }));
      await h.waitFor(() => m.value.data?.title === 'todo 1');
      m.unmount();
    });

    it('a getter argument re-keys the read when the state it reads changes', async () => {
      const client = createClient();
      const m = await h.mount(client, 'dle', (hooks, id) => hooks.useDLE(server().api.get, () => ({ id: id() })));
      await h.waitFor(() => m.value.data?.title === 'todo 1');
      await m.setId(2);
      await h.waitFor(() => m.value.data?.title === 'todo 2');
      expect(server().count('GET', '/todos/2')).toBe(1);
      m.unmount();
    });

    it('null, or a getter returning null, skips the read', async () => {
      const client = createClient();
      const fetched = recordFetches();
      const off = await h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, null));
      const m = await h.mount(client, 'dle', (hooks, id) =>
        hooks.useDLE(server().api.get, () => (id() === null ? null : { id: id()! })),
      );
      await h.waitFor(() => m.value.data?.title === 'todo 1');
      await m.setId(null);
      await h.waitFor(() => m.value.data === undefined);
      // The framework updated and its effects ran: a fetch would have been called by now.
      await nextTask();
      expect(off.value.data).toBeUndefined();
      expect(off.value.loading).toBe(false);
      expect(fetched()).toEqual(['/todos/1']);
      off.unmount();
      m.unmount();
    });

    it('one getter returning the whole argument list is an error that says how to write it', async () => {
      const client = createClient();
      await expect(h.mount(client, 'dle', (hooks) => hooks.useDLE(server().api.get, () => [{ id: 1 }]))).rejects.toThrow(
        /^Resto useDLE\(\): argument 1 is a getter that returned an array\. Fix: give each argument its own getter/,
      );
    });
  });
}
