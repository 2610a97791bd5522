// On Preact through compat: a component that renders inside a Suspense boundary while a
// sibling read suspends loses its store subscription (compat runs the effect cleanups
// of a suspended subtree and does not subscribe again on resume). PREACT.md says to keep
// such components outside the boundary; this is that layout, with an optimistic update.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createClient, type Client } from '@resto/core';
import { defer, json, startServer } from '@resto/testing';
import { DataProvider, useController, useLoading, useSuspense } from '../src';
import { todoApi } from '../test/helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
});

it('an optimistic rename shows at once, its button shows the call running, and the failure rolls it back', async () => {
  const api = todoApi(server.url);
  server.routes['GET /todos'] = (_h, res) =>
    json(res, [
      { id: 1, title: 'one', completed: false },
      { id: 2, title: 'two', completed: false },
    ]);
  const gate = defer();
  server.routes['PATCH *'] = async (_hit, res) => {
    await gate.promise;
    json(res, { message: 'title taken' }, 400);
  };
  function List() {
    const list = useSuspense(api.getList);
    return (
      <ul>
        {list.map((t) => (
          <li key={t.id}>{t.title}</li>
        ))}
      </ul>
    );
  }
  function Rename() {
    const ctrl = useController();
    const [rename, loading, error] = useLoading(() => ctrl.fetch(api.optimisticUpdate, { id: 2 }, { title: 'TWO' }));
    return <button onClick={() => void rename()}>{loading ? 'saving' : error ? `failed ${error.status}` : 'rename'}</button>;
  }
  client = createClient();
  await act(async () => {
    render(
      <DataProvider client={client}>
        <Suspense fallback={<p>loading</p>}>
          <List />
        </Suspense>
        <Rename />
      </DataProvider>,
    );
  });
  await screen.findByRole('list');
  const titles = () => screen.getAllByRole('listitem').map((li) => li.textContent);
  expect(titles()).toEqual(['one', 'two']);
  await act(async () => screen.getByRole('button').click());
  // Shown at once, while the server still holds the answer.
  expect(titles()).toEqual(['one', 'TWO']);
  expect(screen.getByRole('button').textContent).toBe('saving');
  await act(async () => gate.resolve());
  await screen.findByText('failed 400');
  expect(titles()).toEqual(['one', 'two']);
  expect(server.count('PATCH', '/todos/2')).toBe(1);
  expect(server.count('GET', '/todos')).toBe(1);
});
