import { str } from '../fields';
import { HttpError, NO_CONTENT, type Router } from '../http';
import type { ServerState } from '../state';

export function sessionRoutes(router: Router, state: ServerState) {
  router
    .post('/login', async (ctx) => {
      const body = await ctx.body();
      const username = str(body, 'username', true)!;
      const password = typeof body.password === 'string' ? body.password : undefined;
      if (password === undefined) throw new HttpError(400, 'Field "password" is required');
      const user = [...state.db.users.values()].find((u) => u.username === username);
      if (!user || password !== state.db.password) throw new HttpError(401, 'Invalid username or password');
      const { accessToken, expiresAt } = state.issueToken(user);
      return { accessToken, expiresAt: new Date(expiresAt).toISOString(), user: { ...user } };
    })
    .post('/logout', (ctx) => {
      const raw = ctx.req.headers['access-token'];
      if (typeof raw === 'string') state.revokeToken(raw);
      return NO_CONTENT;
    })
    .get('/me', (ctx) => ({ ...state.requireUser(ctx) }));
}
