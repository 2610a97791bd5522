import { found, id, str } from '../fields';
import type { Ctx, Router } from '../http';
import type { ServerState } from '../state';
import { filterTodos } from './todos';

export function userRoutes(router: Router, state: ServerState) {
  async function update(ctx: Ctx, full: boolean) {
    state.optionalUser(ctx);
    const n = id(ctx);
    const user = found(state.db.users.get(n), 'User', n);
    const body = await ctx.body();
    const name = str(body, 'name', full);
    const email = str(body, 'email', full);
    if (name !== undefined) user.name = name;
    if (email !== undefined) user.email = email;
    user.updatedAt = state.db.stamp();
    return { ...user };
  }

  router
    .get('/users', () => [...state.db.users.values()].sort((a, b) => a.id - b.id).map((u) => ({ ...u })))
    .get('/users/:id', (ctx) => ({ ...found(state.db.users.get(id(ctx)), 'User', id(ctx)) }))
    .patch('/users/:id', (ctx) => update(ctx, false))
    .put('/users/:id', (ctx) => update(ctx, true))
    .get('/users/:id/todos', (ctx) => {
      const n = id(ctx);
      found(state.db.users.get(n), 'User', n);
      return filterTodos(state, ctx.query, n);
    });
}
