import { Collection, createClient, RestEndpoint } from '@resto/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defer, json, startServer } from '../server';
import { Todo } from '../todos';
import type { ConformanceContext } from './index';

const PAGE = 2;
const rows = [1, 2, 3, 4, 5].map((id) => ({ id, title: `todo ${id}`, completed: false }));

export function usePaginationScenarios({ harness: h }: ConformanceContext) {
  describe('usePagination', () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let hold: Promise<void> | undefined;
    beforeEach(async () => {
      hold = undefined;
      // GET /paged?owner=N&page=P: pages of two, the last one short.
      server = await startServer({
        'GET /paged': async (hit, res) => {
          if (hold) await hold;
          const page = Number(new URL(hit.url, 'http://x').searchParams.get('page') ?? 1);
          json(res, rows.slice((page - 1) * PAGE, page * PAGE));
        },
      });
    });
    afterEach(() => server.close());

    const listOf = () =>
      new RestEndpoint({
        urlPrefix: server.url,
        path: '/paged',
        name: 'paged',
        searchParams: {} as { owner?: number; page?: number },
        paginationField: 'page',
        schema: new Collection([Todo]),
        nextPage: (page, params) => (page.length < PAGE ? undefined : Number(params.page ?? 1) + 1),
      });
    const titles = (client: ReturnType<typeof createClient>, list: ReturnType<typeof listOf>, owner: number) =>
      client.controller.getResponse(list, { owner }, client.getSnapshot()).data?.map((t) => t.title);

    it('{ hasMore, next, loading, error, loadMore }: loadMore appends the next page once, then the end says so', async () => {
      const client = createClient();
      const list = listOf();
      // A getter over component state, `null` switching it off: the same argument rule as every hook.
      const m = await h.mount(client, 'pagination', (hooks, id) =>
        hooks.usePagination(list, () => {
          const owner = id();
          return owner === null ? null : { owner };
        }),
      );
      expect(m.value).toMatchObject({ hasMore: false, next: undefined, loading: false, error: undefined });
      await client.controller.fetch(list, { owner: 1 });
      await h.waitFor(() => m.value.hasMore === true);
      expect(m.value.next).toBe(2);

      const gate = defer();
      hold = gate.promise;
      const first = m.value.loadMore();
      const second = m.value.loadMore();
      await h.waitFor(() => m.value.loading === true);
      gate.resolve();
      await Promise.all([first, second]);
      await h.waitFor(() => m.value.next === 3 && !m.value.loading);
      expect(server.count('GET', '/paged')).toBe(2);
      expect(titles(client, list, 1)).toEqual(['todo 1', 'todo 2', 'todo 3', 'todo 4']);

      await m.value.loadMore();
      await h.waitFor(() => m.value.hasMore === false);
      expect(m.value.next).toBeUndefined();
      await m.value.loadMore();
      expect(server.count('GET', '/paged')).toBe(3);
      expect(titles(client, list, 1)).toEqual(['todo 1', 'todo 2', 'todo 3', 'todo 4', 'todo 5']);
      expect(server.hits.map((hit) => hit.url)).toEqual(['/paged?owner=1', '/paged?owner=1&page=2', '/paged?owner=1&page=3']);

      // Other args are another list; null switches it off.
      await m.setId(2);
      await h.waitFor(() => m.value.hasMore === false);
      await m.setId(null);
      await m.value.loadMore();
      expect(server.count('GET', '/paged')).toBe(3);
      m.unmount();
      client.destroy();
    });

    it('a failed load is the error with its status, not a rejection', async () => {
      // The error as the hook shows it, not the retries before it: a 503 ends the load at once.
      const client = createClient({ retry: 0 });
      const list = listOf();
      await client.controller.fetch(list, { owner: 1 });
      const m = await h.mount(client, 'pagination', (hooks) => hooks.usePagination(list, { owner: 1 }));
      server.routes['GET /paged'] = (_hit, res) => json(res, { message: 'down' }, 503);
      await expect(m.value.loadMore()).resolves.toBeUndefined();
      await h.waitFor(() => m.value.error !== undefined);
      expect(m.value.error.status).toBe(503);
      expect(m.value).toMatchObject({ hasMore: true, next: 2, loading: false });
      m.unmount();
      client.destroy();
    });
  });
}
