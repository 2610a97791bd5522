import { found, id, str } from '../fields';
import { HttpError, type Ctx, type Router } from '../http';
import type { ServerState } from '../state';

export function postRoutes(router: Router, state: ServerState) {
  async function update(ctx: Ctx, full: boolean) {
    state.optionalUser(ctx);
    const n = id(ctx);
    const post = found(state.db.posts.get(n), 'Post', n);
    const body = await ctx.body();
    const title = str(body, 'title', full);
    const text = str(body, 'body', full);
    if (title !== undefined) post.title = title;
    if (text !== undefined) post.body = text;
    post.updatedAt = state.db.stamp();
    return state.db.renderPost(post);
  }

  router
    .get('/posts', (ctx) => {
      const raw = ctx.query.get('page') ?? '1';
      const page = Number(raw);
      if (!Number.isInteger(page) || page < 1) throw new HttpError(400, `Invalid page: ${raw}`);
      const all = [...state.db.posts.values()].sort((a, b) => a.id - b.id);
      const { pageSize } = state;
      const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
      ctx.res.setHeader('X-Total-Count', String(all.length));
      ctx.res.setHeader('X-Page-Count', String(pageCount));
      if (page < pageCount) ctx.res.setHeader('Link', `</posts?page=${page + 1}>; rel="next"`);
      return all.slice((page - 1) * pageSize, page * pageSize).map((p) => state.db.renderPost(p));
    })
    .get('/posts/:id', (ctx) => state.db.renderPost(found(state.db.posts.get(id(ctx)), 'Post', id(ctx))))
    .patch('/posts/:id', (ctx) => update(ctx, false))
    .put('/posts/:id', (ctx) => update(ctx, true));
}
