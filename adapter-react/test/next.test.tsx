// @vitest-environment node
// Server renders as Next.js's App Router makes them: a client component tree under a
// provider, rendered by React's streaming renderer with reads that suspend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server.browser';
import { renderToPipeableStream } from 'react-dom/server.node';
import { PassThrough } from 'node:stream';
import { parseState } from '@resto/core';
import { DataProvider, useClient, useSuspense } from '../src';
import { HydrateState, RestoProvider, prefetch } from '../src/next';
import { json, startServer } from '@resto/testing';
import { todoApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof todoApi>;
beforeAll(async () => {
  server = await startServer({
    // Slow enough that the renderer retries the suspended reads before the answer.
    'GET /todos': (_h, res) => void setTimeout(() => json(res, [{ id: 1, title: 'one', completed: false }]), 30),
  });
  api = todoApi(server.url);
});
afterAll(() => server.close());

const gets = () => server.hits.filter((h) => h.method === 'GET').length;

function List() {
  const todos = useSuspense(api.getList);
  return <ul>{todos.map((t) => <li key={t.id}>{t.title}</li>)}</ul>;
}
function Mode() {
  return <i>{useClient().ssr ? 'ssr' : 'browser'}</i>;
}
function Count() {
  return <b>{useSuspense(api.getList).length}</b>;
}

async function readable(el: React.ReactNode) {
  const stream = await renderToReadableStream(el);
  await stream.allReady;
  return new Response(stream).text();
}
function pipeable(el: React.ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(el, {
      onAllReady() {
        const out = new PassThrough();
        let html = '';
        out.on('data', (c) => (html += c));
        out.on('end', () => resolve(html));
        pipe(out);
      },
      onError: reject,
    });
  });
}

describe('server renders with a provider-owned client (the client-only pattern)', () => {
  for (const [name, render] of [['renderToReadableStream', readable], ['renderToPipeableStream', pipeable]] as const) {
    it(`${name}: two suspended reads of one key, retried by React, make one request with a server-mode client`, async () => {
      const before = gets();
        // No boundary between provider and reads: React retries the whole suspended segment.
      const html = await render(
        <Suspense fallback="…">
          <DataProvider>
            <Mode />
            <List />
            <Count />
          </DataProvider>
        </Suspense>,
      );
      expect(html).toContain('<li>one</li>');
      expect(gets() - before).toBe(1);
      // A server-mode client: no effect runs on a server to destroy the client, so
      // it must start no poll, GC or revalidation timer that would outlive the render.
      expect(html).toContain('<i>ssr</i>');
    });
  }
});

describe('@resto/react/next', () => {
  it('prefetch + RestoProvider: the server render reads the prefetched state and makes no request of its own', async () => {
    const before = gets();
    const state = await prefetch((ctrl) => ctrl.fetch(api.getList));
    expect(gets() - before).toBe(1);
    // Next renders a page's client tree more than once per request (dev validation,
    // prerender then resume): each render hydrates the same text, none fetches.
    for (let pass = 0; pass < 3; pass++) {
      const html = await readable(
        <RestoProvider state={state}>
          <Suspense fallback="…">
            <List />
          </Suspense>
        </RestoProvider>,
      );
      expect(html).toContain('<li>one</li>');
    }
    expect(gets() - before).toBe(1);
    expect(parseState(state)).toBeTruthy();
  });

  it('HydrateState merges a section\'s state into the layout provider\'s client', async () => {
    const before = gets();
    const state = await prefetch((ctrl) => ctrl.fetch(api.getList));
    const html = await pipeable(
      <RestoProvider>
        <Suspense fallback="…">
          <HydrateState state={state}>
            <Count />
          </HydrateState>
        </Suspense>
      </RestoProvider>,
    );
    expect(html).toContain('<b>1</b>');
    expect(gets() - before).toBe(1);
  });
});
