import { cleanup, render } from '@testing-library/svelte';
import { Collection, Entity, RestEndpoint, createClient, type Client } from '@resto/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientContext, useCache, useController, useFetch, useSubscription } from '../src';
import { json, startServer, until } from '@resto/testing';
import Capture from './fixtures/Capture.svelte';

// What a data-client app relies on, through the Svelte reads.

class Article extends Entity {
  id = 0;
  title = '';
  static override key = 'Article';
}

let server: Awaited<ReturnType<typeof startServer>>;
let tick = 0;
let client: Client;
beforeAll(async () => {
  server = await startServer({
    'GET /tick': (_h, res) => json(res, { id: 1, title: `tick ${++tick}` }),
    'GET /articles/1': (_h, res) => json(res, { id: 1, title: 'from server' }),
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
});

function capture<T>(make: () => T): T {
  let value!: T;
  render(Capture, { props: { make: () => (value = make()) }, context: clientContext(client) });
  return value;
}

describe('data-client compat reads', () => {
  it('useController() destructured: fetch and setResponse are bound', async () => {
    client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const { fetch, setResponse } = capture(() => useController());
    expect((await fetch(ep, { id: 1 })).title).toBe('from server');
    await setResponse(ep, { id: 1 }, { id: 1, title: 'set' });
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data?.title).toBe('set');
  });

  it('useCache: the plain defaults of object schemas until fetched (no entities, nested defaults, paginated lists)', async () => {
    client = createClient();
    const stats = new RestEndpoint({ path: '/stats', schema: { total: 0, label: '', range: { from: '' }, top: [Article] } });
    const paged = new RestEndpoint({ path: '/articles', schema: { results: new Collection([Article]), cursor: '' }, paginationField: 'cursor' });
    const reads = capture(() => ({ s: useCache(stats), p: useCache(paged) }));
    expect(reads.s.current).toEqual({ total: 0, label: '', range: { from: '' } });
    expect(reads.p.current).toEqual({ cursor: '' });
    await client.controller.setResponse(stats, { total: 2, label: 'x', range: { from: 'a' }, top: [] });
    expect(reads.s.current).toEqual({ total: 2, label: 'x', range: { from: 'a' }, top: [] });
    await client.controller.setResponse(paged, { results: [{ id: 1, title: 'a' }], cursor: '2' });
    await client.controller.setResponse(paged.getPage, { cursor: '2' }, { results: [{ id: 2, title: 'b' }], cursor: '' });
    expect(reads.p.current?.results.map((a) => a.title)).toEqual(['a', 'b']);
  });

  it("useFetch's promise has resolved", async () => {
    client = createClient();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const read = capture(() => useFetch(ep, { id: 1 }));
    await until(() => read.current !== undefined);
    const promise = read.current!;
    expect(promise.resolved).toBe(false);
    expect((await promise).title).toBe('from server');
    expect(promise.resolved).toBe(true);
  });

  it('useSubscription delivers polled updates to useCache', async () => {
    client = createClient();
    const ticker = new RestEndpoint({ urlPrefix: server.url, path: '/tick', schema: Article, pollFrequency: 30 });
    const read = capture(() => {
      useSubscription(ticker);
      return useCache(ticker);
    });
    const shown = () => Number(/tick (\d+)/.exec(read.current?.title ?? '')?.[1] ?? 0);
    await until(() => shown() > 0);
    const before = shown();
    await until(() => shown() > before);
  });
});
