import { createClient } from '@resto/core';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './index';

export function useLoadingScenarios({ harness: h }: ConformanceContext) {
  describe('useLoading', () => {
    it('[run, loading, error]: loading while the call runs; a failure is stored, not thrown', async () => {
      const client = createClient();
      let finish!: (ok: boolean) => void;
      const work = () =>
        new Promise<string>((resolve, reject) => {
          finish = (ok) => (ok ? resolve('done') : reject(Object.assign(new Error('refused'), { status: 409 })));
        });
      const m = await h.mount(client, 'loading', (hooks) => hooks.useLoading(work));
      const [run] = m.value;
      expect(m.value[1]).toBe(false);
      let result = run();
      await h.waitFor(() => m.value[1] === true);
      finish(true);
      await expect(result).resolves.toBe('done');
      await h.waitFor(() => m.value[1] === false);
      result = run();
      finish(false);
      await expect(result).resolves.toBeUndefined();
      await h.waitFor(() => m.value[2] !== undefined);
      expect(m.value[2].status).toBe(409);
      expect(m.value[1]).toBe(false);
      m.unmount();
    });
  });
}
