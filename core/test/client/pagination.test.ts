// Infinite lists: the next page and hasMore live in the store beside the list.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  Collection,
  createClient,
  dehydrate,
  Entity,
  getPageInfo,
  hydrate,
  PaginationObserver,
  resource,
  RestEndpoint,
  type Client,
  type PaginationSnapshot,
  type StatusError,
} from '../../src';
import { defer, json, startServer, until } from '@resto/testing';

class Post extends Entity {
  id = 0;
  title = '';
  static override key = 'Post';
}

const PAGE = 3;
const TOTAL = 7; // pages 1 and 2 are full, page 3 has one post
const posts = Array.from({ length: TOTAL }, (_, i) => ({ id: i + 1, title: `post ${i + 1}` }));
const pageOf = (page: number) => posts.slice((page - 1) * PAGE, page * PAGE);

let server: Awaited<ReturnType<typeof startServer>>;
let hold: Promise<void> | undefined;
let client: Client;

beforeEach(async () => {
  hold = undefined;
  server = await startServer({
    // ?page=N, N from 1: an array, full pages except the last (then empty ones).
    'GET /posts': async (hit, res) => {
      if (hold) await hold;
      const page = Number(new URL(hit.url, 'http://x').searchParams.get('page') ?? 1);
      json(res, pageOf(page));
    },
    // ?page=N, wrapped: { data: { items: [...] } }.
    'GET /wrapped': (hit, res) => {
      const page = Number(new URL(hit.url, 'http://x').searchParams.get('page') ?? 1);
      json(res, { data: { items: pageOf(page) } });
    },
    // ?cursor=C: the cursor is in the body, null on the last page.
    'GET /feed': (hit, res) => {
      const cursor = Number(new URL(hit.url, 'http://x').searchParams.get('cursor') ?? 0);
      const results = posts.slice(cursor, cursor + PAGE);
      json(res, { results, nextCursor: cursor + PAGE < TOTAL ? String(cursor + PAGE) : null });
    },
  });
  // Failures here are about page info, not retries: a 5xx ends the read at once.
  client = createClient({ retry: 0 });
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const ids = (list: unknown) => (list as Post[]).map((p) => p.id);

describe('a page that answers after the list was fetched again', () => {
  it('moves the page info on when it is the page the list stands at (its items joined the list)', async () => {
    const R = resource({ urlPrefix: server.url, path: '/posts/:id', schema: Post, paginationField: 'page' });
    await client.controller.fetch(R.getList);
    expect(info(R.getList)).toEqual({ next: 2, hasMore: true });
    // Page 2 is asked for, then the list is fetched again (focus, reconnect) and answers first.
    const gate = defer<void>();
    hold = gate.promise;
    const page2 = client.controller.fetch(R.getList.getPage, { page: 2 });
    await until(() => server.hits.length === 2);
    hold = undefined;
    await client.controller.fetch(R.getList);
    gate.resolve();
    await page2;
    expect(stored(R.getList)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(info(R.getList)).toEqual({ next: 3, hasMore: true });
  });
});
const info = (endpoint: any, ...args: unknown[]) => getPageInfo(endpoint, ...args, client.getSnapshot());
const stored = (endpoint: any, ...args: unknown[]) =>
  ids(client.controller.getResponse(endpoint, ...args, client.getSnapshot()).data);

function posts$(options: { nextPage?: (page: Post[], params: { page?: string | number }) => number | undefined } = {}) {
  return resource({ urlPrefix: server.url, path: '/posts/:id', schema: Post, paginationField: 'page', ...options });
}

describe('page info in the store', () => {
  it('args that make no URL (a missing path param) have no pages, and reading them does not throw', async () => {
    const byUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:userId/posts', schema: [Post], paginationField: 'page' });
    expect(info(byUser, {})).toEqual({ next: undefined, hasMore: false });
    const pages = new PaginationObserver(client, byUser, [{}]);
    const stop = pages.subscribe(() => {});
    expect(pages.getSnapshot()).toMatchObject({ hasMore: false, loading: false });
    stop();
  });

  it('the first page sets next 2 and hasMore; getPage appends and advances; an empty page ends the list (default rule)', async () => {
    const R = posts$();
    expect(info(R.getList)).toEqual({ next: undefined, hasMore: false });
    await client.controller.fetch(R.getList);
    expect(info(R.getList)).toEqual({ next: 2, hasMore: true });
    await client.controller.fetch(R.getList.getPage, { page: 2 });
    expect(stored(R.getList)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(info(R.getList)).toEqual({ next: 3, hasMore: true });
    await client.controller.fetch(R.getList.getPage, { page: 3 });
    expect(info(R.getList)).toEqual({ next: 4, hasMore: true });
    // The default only knows a page is the last when it comes back empty.
    await client.controller.fetch(R.getList.getPage, { page: 4 });
    expect(info(R.getList)).toEqual({ next: undefined, hasMore: false });
    expect(stored(R.getList)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(server.count('GET', '/posts')).toBe(4);
  });

  it('the default rule sees the items of a nested page ({ data: { items } }): the list goes on until a page is empty', async () => {
    const wrapped = new RestEndpoint({
      urlPrefix: server.url,
      path: '/wrapped',
      searchParams: {} as { page?: number },
      paginationField: 'page',
      schema: { data: { items: new Collection([Post]) } },
    });
    await client.controller.fetch(wrapped);
    expect(info(wrapped)).toEqual({ next: 2, hasMore: true });
    await client.controller.fetch(wrapped.getPage, { page: 2 });
    await client.controller.fetch(wrapped.getPage, { page: 3 });
    expect(info(wrapped)).toEqual({ next: 4, hasMore: true });
    await client.controller.fetch(wrapped.getPage, { page: 4 });
    expect(info(wrapped)).toEqual({ next: undefined, hasMore: false });
    expect(ids(client.controller.getResponse(wrapped, client.getSnapshot()).data!.data.items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a nextPage that knows the last page is short ends the list without asking for an empty one', async () => {
    const R = posts$({ nextPage: (page, params) => (page.length < PAGE ? undefined : Number(params.page ?? 1) + 1) });
    await client.controller.fetch(R.getList);
    await client.controller.fetch(R.getList.getPage, { page: 2 });
    expect(info(R.getList)).toEqual({ next: 3, hasMore: true });
    await client.controller.fetch(R.getList.getPage, { page: 3 });
    expect(info(R.getList)).toEqual({ next: undefined, hasMore: false });
  });

  it('a cursor read from the response body', async () => {
    const feed = new RestEndpoint({
      urlPrefix: server.url,
      path: '/feed',
      searchParams: {} as { cursor?: string },
      paginationField: 'cursor',
      schema: { results: new Collection([Post]), nextCursor: '' as string | null },
      nextPage: (page) => page.nextCursor,
    });
    await client.controller.fetch(feed);
    expect(info(feed)).toEqual({ next: '3', hasMore: true });
    await client.controller.fetch(feed.getPage, { cursor: '3' });
    await client.controller.fetch(feed.getPage, { cursor: '6' });
    expect(info(feed)).toEqual({ next: undefined, hasMore: false });
    const data = client.controller.getResponse(feed, client.getSnapshot()).data!;
    expect(ids(data.results)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('paginated(removeCursor) records on the list its pages append to', async () => {
    const feed = new RestEndpoint({
      urlPrefix: server.url,
      path: '/feed',
      searchParams: {} as { tag?: string },
      schema: { results: new Collection([Post]), nextCursor: '' as string | null },
      nextPage: (page) => page.nextCursor,
    });
    const more = feed.paginated(({ cursor: _cursor, ...rest }: { cursor: string; tag?: string }) => [rest]);
    await client.controller.fetch(feed, { tag: 'a' });
    expect(info(feed, { tag: 'a' })).toEqual({ next: '3', hasMore: true });
    await client.controller.fetch(more, { tag: 'a', cursor: '3' });
    expect(info(feed, { tag: 'a' })).toEqual({ next: '6', hasMore: true });
    // Another list (other args) is untouched.
    expect(info(feed, { tag: 'b' })).toEqual({ next: undefined, hasMore: false });
  });

  it('invalidating the list drops where it stood; its next fetch starts over at page 2', async () => {
    const R = posts$();
    await client.controller.fetch(R.getList);
    await client.controller.fetch(R.getList.getPage, { page: 2 });
    await client.controller.invalidate(R.getList);
    expect(info(R.getList)).toEqual({ next: undefined, hasMore: false });
    await client.controller.fetch(R.getList);
    expect(info(R.getList)).toEqual({ next: 2, hasMore: true });
    await client.controller.resetEntireStore();
    expect(info(R.getList)).toEqual({ next: undefined, hasMore: false });
  });

  it('stale pages and a failed refetch keep where the list stands', async () => {
    const R = posts$();
    await client.controller.fetch(R.getList);
    await client.controller.fetch(R.getList.getPage, { page: 2 });
    await client.controller.expireAll({ testKey: (key) => key.startsWith('GET ') });
    expect(client.controller.getResponse(R.getList, client.getSnapshot()).expiresAt).toBe(1);
    expect(info(R.getList)).toEqual({ next: 3, hasMore: true });
    server.routes['GET /posts'] = (_hit, res) => json(res, { message: 'down' }, 500);
    await expect(client.controller.fetch(R.getList)).rejects.toMatchObject({ status: 500 });
    expect(stored(R.getList)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(info(R.getList)).toEqual({ next: 3, hasMore: true });
  });

  it('survives dehydrate and hydrate', async () => {
    const R = posts$();
    await client.controller.fetch(R.getList);
    await client.controller.fetch(R.getList.getPage, { page: 2 });
    const browser = createClient({ initialState: hydrate(JSON.parse(JSON.stringify(dehydrate(client.getSnapshot())))) });
    expect(getPageInfo(R.getList, browser.getSnapshot())).toEqual({ next: 3, hasMore: true });
    browser.destroy();
  });

  it('a nextPage that returns something else is reported naming the endpoint; the page is still stored', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const R = posts$({ nextPage: () => ({ page: 2 }) as never });
    await client.controller.fetch(R.getList);
    expect(stored(R.getList)).toEqual([1, 2, 3]);
    expect(info(R.getList).hasMore).toBe(false);
    expect(String(error.mock.calls[0]![0])).toMatch(/Post\.getList: nextPage returned object/);
    error.mockRestore();
  });

  it('bad options throw naming the endpoint', () => {
    expect(() => new RestEndpoint({ path: '/x', nextPage: 5 as never })).toThrow(/\/x: nextPage must be a function/);
  });
});

describe('PaginationObserver', () => {
  it('loadMore fetches the next page with the same args, once while loading, and stops at the end', async () => {
    const R = posts$({ nextPage: (page, params) => (page.length < PAGE ? undefined : Number(params.page ?? 1) + 1) });
    const pages = new PaginationObserver(client, R.getList, []);
    const seen: PaginationSnapshot[] = [];
    const stop = pages.subscribe(() => seen.push(pages.getSnapshot()));
    // Nothing stored yet: nothing to load.
    await pages.loadMore();
    expect(server.count('GET', '/posts')).toBe(0);
    await client.controller.fetch(R.getList);
    await until(() => pages.getSnapshot().hasMore);
    const gate = defer();
    hold = gate.promise;
    const first = pages.loadMore();
    const second = pages.loadMore();
    expect(pages.getSnapshot()).toMatchObject({ loading: true, next: 2 });
    gate.resolve();
    await Promise.all([first, second]);
    expect(server.count('GET', '/posts')).toBe(2);
    expect(server.hits.at(-1)!.url).toBe('/posts?page=2');
    expect(pages.getSnapshot()).toEqual({ hasMore: true, next: 3, loading: false, error: undefined });
    await pages.loadMore();
    expect(pages.getSnapshot()).toEqual({ hasMore: false, next: undefined, loading: false, error: undefined });
    await pages.loadMore();
    expect(server.count('GET', '/posts')).toBe(3);
    expect(stored(R.getList)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.some((s) => s.loading)).toBe(true);
    stop();
  });

  it('a failed load is the error, not a rejection; the next load clears it', async () => {
    const R = posts$();
    await client.controller.fetch(R.getList);
    const pages = new PaginationObserver(client, R.getList, []);
    server.routes['GET /posts'] = (_hit, res) => json(res, { message: 'down' }, 503);
    await expect(pages.loadMore()).resolves.toBeUndefined();
    expect(pages.getSnapshot().error?.status).toBe(503);
    expect(pages.getSnapshot().hasMore).toBe(true);
    server.routes['GET /posts'] = (_hit, res) => json(res, pageOf(2));
    await pages.loadMore();
    expect(pages.getSnapshot()).toEqual({ hasMore: true, next: 3, loading: false, error: undefined });
  });

  it('null args: nothing to load; a list without getPage is refused naming it', async () => {
    const R = posts$();
    const off = new PaginationObserver(client, R.getList, [null]);
    await off.loadMore();
    expect(off.getSnapshot()).toEqual({ hasMore: false, next: undefined, loading: false, error: undefined });
    const plain = new RestEndpoint({ urlPrefix: server.url, path: '/posts', name: 'plainPosts', schema: new Collection([Post]) });
    expect(() => new PaginationObserver(client, plain, [])).toThrow(/plainPosts: loading more needs getPage/);
    expect(server.count('GET', '/posts')).toBe(0);
  });
});

describe('types', () => {
  it('nextPage sees the response and the page params; the snapshot is typed', () => {
    resource({
      path: '/posts/:id',
      schema: Post,
      paginationField: 'page',
      nextPage: (page, params) => {
        expectTypeOf(page).toEqualTypeOf<Post[]>();
        expectTypeOf(params.page).toEqualTypeOf<string | number | undefined>();
        return undefined;
      },
    });
    new RestEndpoint({
      path: '/feed',
      schema: { results: new Collection([Post]), nextCursor: '' as string | null },
      nextPage: (page) => page.nextCursor,
    });
    // @ts-expect-error a list response has no nextCursor
    resource({ path: '/posts/:id', schema: Post, nextPage: (page) => page.nextCursor });
    // @ts-expect-error a page is a number or a cursor string
    new RestEndpoint({ path: '/feed', schema: [Post], nextPage: (page) => ({ page }) });
    expectTypeOf<PaginationSnapshot>().toEqualTypeOf<{
      readonly hasMore: boolean;
      readonly next: string | number | undefined;
      readonly loading: boolean;
      readonly error: StatusError | undefined;
    }>();
  });
});
