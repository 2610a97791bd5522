import type { Todo } from '../data';
import { bool, found, id, str } from '../fields';
import { HttpError, NO_CONTENT, type Ctx, type Router } from '../http';
import type { ServerState } from '../state';

function userId(state: ServerState, body: Record<string, unknown>, required: boolean): number | undefined {
  const v = body.userId;
  if (v === undefined) {
    if (required) throw new HttpError(400, 'Field "userId" is required');
    return undefined;
  }
  if (typeof v !== 'number' || !state.db.users.has(v)) throw new HttpError(400, `Field "userId" must be an existing user id`);
  return v;
}

/** GET /todos filters: `userId` and `completed=true|false`. */
export function filterTodos(state: ServerState, query: URLSearchParams, forUser?: number): Todo[] {
  let list = [...state.db.todos.values()];
  const uid = forUser ?? (query.has('userId') ? Number(query.get('userId')) : undefined);
  if (uid !== undefined) {
    if (!Number.isInteger(uid)) throw new HttpError(400, `Invalid userId: ${query.get('userId')}`);
    list = list.filter((t) => t.userId === uid);
  }
  const completed = query.get('completed');
  if (completed !== null) {
    if (completed !== 'true' && completed !== 'false') {
      throw new HttpError(400, `Invalid completed: ${completed} (use true or false)`);
    }
    list = list.filter((t) => t.completed === (completed === 'true'));
  }
  return list.sort((a, b) => a.id - b.id).map((t) => ({ ...t }));
}

export function todoRoutes(router: Router, state: ServerState) {
  async function update(ctx: Ctx, full: boolean) {
    state.optionalUser(ctx);
    const n = id(ctx);
    const todo = found(state.db.todos.get(n), 'Todo', n);
    const body = await ctx.body();
    const title = str(body, 'title', full);
    const completed = bool(body, 'completed', full);
    const uid = userId(state, body, full);
    if (title !== undefined) todo.title = title;
    if (completed !== undefined) todo.completed = completed;
    if (uid !== undefined) todo.userId = uid;
    todo.updatedAt = state.db.stamp();
    state.live.publish('todo.updated', { ...todo });
    return { ...todo };
  }

  router
    .get('/todos', (ctx) => filterTodos(state, ctx.query))
    .post('/todos', async (ctx) => {
      const me = state.optionalUser(ctx);
      const body = await ctx.body();
      const todo: Todo = {
        id: state.db.nextId(state.db.todos),
        userId: userId(state, body, false) ?? me?.id ?? 1,
        title: str(body, 'title', true)!,
        completed: bool(body, 'completed', false) ?? false,
        updatedAt: state.db.stamp(),
      };
      state.db.todos.set(todo.id, todo);
      state.live.publish('todo.created', { ...todo });
      ctx.res.statusCode = 201;
      return { ...todo };
    })
    .get('/todos/:id', (ctx) => ({ ...found(state.db.todos.get(id(ctx)), 'Todo', id(ctx)) }))
    .patch('/todos/:id', (ctx) => update(ctx, false))
    .put('/todos/:id', (ctx) => update(ctx, true))
    .delete('/todos/:id', (ctx) => {
      state.optionalUser(ctx);
      const n = id(ctx);
      found(state.db.todos.get(n), 'Todo', n);
      state.db.todos.delete(n);
      state.live.publish('todo.deleted', { id: n });
      return NO_CONTENT;
    });
}
