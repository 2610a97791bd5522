import { expect, it } from 'vitest';
import { Entity, resource } from '@resto/core';
import { json, startServer } from '@resto/testing';
import { useCache } from '../src';
import { act, renderDataHook } from '../src/test';

// An optimistic update shows once act() returns, while the request is still in flight:
// the test entry's act() delivers the store's batched notifications before returning,
// after a synchronous callback as after an async one.

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

it('an optimistic partialUpdate is visible as soon as a synchronous `act(() => { promise = fetch(...) })` returns', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  const server = await startServer({
    'PATCH /articles/7': async (_h, res) => {
      await answered;
      json(res, { id: 7, title: 'server title', content: 'real response' });
    },
  });
  try {
    const ArticleResource = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article, optimistic: true });
    const { result, controller, cleanup } = renderDataHook(() => useCache(ArticleResource.get, { id: 7 }), {
      initialFixtures: [{ endpoint: ArticleResource.get, args: [{ id: 7 }], response: { id: 7, title: 'hi', content: 'old' } }],
    });
    let promise!: Promise<unknown>;
    act(() => {
      promise = controller.fetch(ArticleResource.partialUpdate, { id: 7 }, { content: 'changed' });
    });
    expect(result.current).toEqual(Article.fromJS({ id: 7, title: 'hi', content: 'changed' }));
    answer();
    await act(() => promise);
    expect(result.current).toEqual(Article.fromJS({ id: 7, title: 'server title', content: 'real response' }));
    cleanup();
  } finally {
    server.close();
  }
});
