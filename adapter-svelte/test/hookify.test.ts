import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { RestEndpoint, type Client } from '@resto/core';
import { describe, expect, it } from 'vitest';
import { clientContext, hookifyResource, useSuspense } from '../src';
import { Todo, type TodoServer, eachTodoEnv } from './helpers/api';
import { pagedTodoResource, todoResource } from './helpers/resource';
import { json, recordFetches, timersPass, until } from '@resto/testing';
import HookTodo from './fixtures/HookTodo.svelte';
import TokenProvider from './fixtures/TokenProvider.svelte';
import HookListOps from './fixtures/HookListOps.svelte';
import Show from './fixtures/Show.svelte';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);

describe('hookifyResource', () => {
  it('sends the token from component context on every hook-made endpoint', async () => {
    const resource = todoResource(server.url);
    render(TokenProvider, {
      props: { token: 'secret-1', child: HookTodo, props: { resource, id: 1 } },
      context: clientContext(client),
    });
    await until(() => screen.getByTestId('title').textContent === 'todo 1' && screen.getByTestId('count').textContent === '3');
    await fireEvent.click(screen.getByText('rename'));
    await until(() => screen.getByTestId('title').textContent === 'by hook');
    await fireEvent.click(screen.getByText('push'));
    await until(() => screen.getByTestId('count').textContent === '4');
    await fireEvent.click(screen.getByText('remove'));
    await until(() => screen.getByTestId('count').textContent === '3');
    // The view of the deleted todo asks the server again, with the header too, and shows its 404.
    await until(() => screen.getByTestId('title').textContent === 'failed 404');

    expect(server.hits.map((h) => `${h.method} ${h.url}`).sort()).toEqual(
      ['DELETE /todos/1', 'GET /todos', 'GET /todos/1', 'GET /todos/1', 'PATCH /todos/1', 'POST /todos'].sort(),
    );
    for (const hit of server.hits) expect(hit.headers['access-token']).toBe('secret-1');
  });

  it('equal options give one endpoint object (core caches by init value)', () => {
    let token = 'same';
    const hooks = hookifyResource(todoResource(server.url), () => ({ headers: { 'Access-Token': token } }));
    const first = hooks.useGet();
    expect(hooks.useGet()).toBe(first);
    token = 'other';
    expect(hooks.useGet()).not.toBe(first);
  });

  it('each component gets the token of its own context', async () => {
    const resource = todoResource(server.url);
    render(TokenProvider, { props: { token: 'alice', child: HookTodo, props: { resource, id: 1 } }, context: clientContext(client) });
    render(TokenProvider, { props: { token: 'bob', child: HookTodo, props: { resource, id: 2 } }, context: clientContext(client) });
    await until(() => server.hits.some((h) => h.url === '/todos/2'));
    const tokenOf = (url: string) => server.hits.find((h) => h.url === url)?.headers['access-token'];
    expect(tokenOf('/todos/1')).toBe('alice');
    expect(tokenOf('/todos/2')).toBe('bob');
  });
});

describe('hookifyResource: remaining members', () => {
  const titles = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
  const sent = () => server.hits.map((h) => [h.method, h.url, h.headers['access-token']]);

  it('useGetList().unshift puts the item first; useUpdate() PUTs; useDelete() removes; all with the context token', async () => {
    server.routes['PUT *'] = (hit, res) => json(res, { id: 2, ...JSON.parse(hit.body) });
    render(TokenProvider, {
      props: { token: 'secret-u', child: HookListOps, props: { resource: pagedTodoResource(server.url) } },
      context: clientContext(client),
    });
    await until(() => titles().length === 3);
    expect(titles()).toEqual(['todo 1', 'todo 2', 'todo 3']);

    await fireEvent.click(screen.getByText('unshift'));
    await until(() => titles().length === 4);
    expect(titles()).toEqual(['unshifted', 'todo 1', 'todo 2', 'todo 3']);

    await fireEvent.click(screen.getByText('replace'));
    await until(() => titles()[2] === 'replaced');

    await fireEvent.click(screen.getByText('remove'));
    await until(() => titles().length === 3);
    expect(titles()).toEqual(['unshifted', 'replaced', 'todo 3']);

    expect(sent()).toEqual([
      ['GET', '/todos', 'secret-u'],
      ['POST', '/todos', 'secret-u'],
      ['PUT', '/todos/2', 'secret-u'],
      ['DELETE', '/todos/1', 'secret-u'],
    ]);
    expect(JSON.parse(server.hits[1]!.body)).toEqual({ title: 'unshifted' });
    expect(JSON.parse(server.hits[2]!.body)).toEqual({ title: 'replaced', completed: true });
  });

  it('useGetList().getPage (paginationField) GETs ?page=2 with the context token and appends', async () => {
    server.routes['GET /todos'] = (hit, res) =>
      json(res, hit.url.includes('page=2') ? [{ id: 9, title: 'page two', completed: false }] : [{ id: 1, title: 'todo 1', completed: false }]);
    render(TokenProvider, {
      props: { token: 'secret-p', child: HookListOps, props: { resource: pagedTodoResource(server.url) } },
      context: clientContext(client),
    });
    await until(() => titles().length === 1);
    await fireEvent.click(screen.getByText('more'));
    await until(() => titles().length === 2);
    expect(titles()).toEqual(['todo 1', 'page two']);
    expect(sent()).toEqual([
      ['GET', '/todos', 'secret-p'],
      ['GET', '/todos?page=2', 'secret-p'],
    ]);
  });
});

describe('useSuspense and pollFrequency', () => {
  it('a suspense read of a polling endpoint does not poll', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 40 });
    render(Show, { props: { make: () => useSuspense(endpoint, { id: 1 }), format: (t: Todo | undefined) => t?.title ?? 'loading' }, context: clientContext(client) });
    await until(() => screen.getByTestId('out').textContent === 'todo 1');
    const fetched = recordFetches();
    await timersPass(server, 40, 3); // three poll periods pass
    expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
    expect(server.count('GET', '/todos/1')).toBe(1);
  });
});
