import { expect, it } from 'vitest';
import { Entity, resource } from '@resto/core';
import { json, startServer } from '@resto/testing';
import { useCache } from '../src';
import { act, renderDataHook } from '../src/test';

// MIGRATING.md: an optimistic update shows once an async act() flushed the store's
// batched notification, while the request is still in flight.

class Article extends Entity {
  id = 0;
  title = '';
  content = '';
  static override key = 'Article';
}

it('an optimistic partialUpdate is visible after `await act(async () => { promise = fetch(...) })`, then the answer', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  const server = await startServer({
    'PATCH /articles/5': async (_h, res) => {
      await answered;
      json(res, { id: 5, title: 'server title', content: 'real response' });
    },
  });
  try {
    const ArticleResource = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article, optimistic: true });
    const { result, controller, cleanup } = renderDataHook(() => useCache(ArticleResource.get, { id: 5 }), {
      initialFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 5 }], response: { id: 5, title: 'hi', content: 'old' } }],
    });
    let promise!: Promise<unknown>;
    await act(async () => {
      promise = controller.fetch(ArticleResource.partialUpdate, { id: 5 }, { content: 'changed' });
    });
    expect(result.current).toEqual(Article.fromJS({ id: 5, title: 'hi', content: 'changed' }));
    answer();
    await act(() => promise);
    expect(result.current).toEqual(Article.fromJS({ id: 5, title: 'server title', content: 'real response' }));
    cleanup();
  } finally {
    server.close();
  }
});
