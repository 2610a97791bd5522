// Test controls under /__test/: not logged, so they never disturb request counts.
import { HttpError, NO_CONTENT, type Router } from '../http';
import type { ServerState } from '../state';

export function controlRoutes(router: Router, state: ServerState) {
  router
    .get('/__test/requests', (ctx) => {
      const q = ctx.query;
      const list = state.requests.filter({ method: q.get('method') ?? undefined, path: q.get('path') ?? undefined });
      return { count: list.length, requests: list };
    })
    .delete('/__test/requests', () => {
      state.requests.clear();
      return NO_CONTENT;
    })
    .post('/__test/reset', () => {
      state.reset();
      return NO_CONTENT;
    })
    .post('/__test/expire-tokens', () => {
      state.expireTokens();
      return NO_CONTENT;
    })
    .post('/__test/fail-next', async (ctx) => {
      const b = await ctx.body();
      if (typeof b.method !== 'string' || typeof b.path !== 'string') {
        throw new HttpError(400, 'Fields "method" and "path" are required');
      }
      state.failNext({
        method: b.method,
        path: b.path,
        status: typeof b.status === 'number' ? b.status : undefined,
        message: typeof b.message === 'string' ? b.message : undefined,
        times: typeof b.times === 'number' ? b.times : undefined,
      });
      return NO_CONTENT;
    })
    .post('/__test/delay-next', async (ctx) => {
      const b = await ctx.body();
      if (typeof b.method !== 'string' || typeof b.path !== 'string' || typeof b.ms !== 'number') {
        throw new HttpError(400, 'Fields "method", "path" and "ms" are required');
      }
      state.delayNext({ method: b.method, path: b.path, ms: b.ms, times: typeof b.times === 'number' ? b.times : undefined });
      return NO_CONTENT;
    });
}
